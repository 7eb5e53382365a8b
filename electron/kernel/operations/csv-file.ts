/**
 * CSV files the console makes itself (the API has no export for stock, and the board, the
 * recall list and the reorder list are the console's own views): records turned into text by
 * csv-stringify, written beside the target under a hidden name (0600), the rows counted as
 * written checked against the rows given, then named without replacing anything — the same
 * steps and guarantees as the API's exports (export-file.ts, save-file.ts).
 */
import type { ExportResult } from '@shared/contract/values';
import { discard, publish, writeTemp } from '../api/save-file';
import { BridgeFailure } from '../failure';
import {
  defaultExportName,
  type ExportTarget,
  type FolderResolver,
  resolveTarget,
} from './export-file';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvTable {
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

/** A cell as text: empty for null/undefined, `yes`/`no` for booleans (as people read them). */
function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * The table as CSV text (a header line, then one record per row; CRLF as RFC 4180 says).
 * csv-stringify is imported on first use: the main process's start loads none of the
 * sandbox's or the exports' libraries (scripts/main-bundle.test.ts).
 */
export async function csvText(table: CsvTable): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify([table.header.map(String), ...table.rows.map((r) => r.map(cellText))], {
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the record delimiter (CRLF), not a lone LF or CR:
    // most readers (and the row check below) would take that for a new record.
    quoted_match: /[\r\n]/,
  });
}

/**
 * Writes `table` to the chosen folder (by its choice id) or the default export folder (made
 * when missing) as `<prefix>-<date>-<time>.csv`.
 */
export async function writeCsvTable(
  table: CsvTable,
  options: {
    /** A folder choice's id (files/folder-choices.ts); none: the default export folder. */
    destination: string | undefined;
    exportDir: string;
    folders?: FolderResolver;
    prefix: string;
    now: Date;
    signal?: AbortSignal;
  },
): Promise<ExportResult> {
  const target: ExportTarget = await resolveTarget(
    options.destination,
    options.exportDir,
    options.folders,
  );
  const fileName = target.fileName ?? defaultExportName(options.prefix, options.now);
  const body = new Blob([await csvText(table)]).stream();
  const file = await writeTemp(body, { dir: target.dir, fileName, signal: options.signal });
  if (file.rows !== table.rows.length) {
    // A cell the counter reads differently from the writer (it never should): no half-truth.
    await discard(file);
    throw new BridgeFailure(
      'file_error',
      `The CSV file came out with ${file.rows} rows instead of ${table.rows.length}; nothing was saved.`,
    );
  }
  const path = await publish(file, target.dir, fileName);
  return { path, bytes: file.bytes, rows: file.rows };
}
