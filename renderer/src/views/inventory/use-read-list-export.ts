/**
 * The CSV export of an inventory list read whole (the recall list, the reorder list): the
 * rows as on screen — this filter, in this order — as a plain table the bridge's tableExport
 * writes, offered once the list is read.
 */
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import type { PlainTable } from '../../features/inventory/inventory-tables';

export interface ReadListExport<T> {
  /** The file's name: "recalls". */
  name: ArgsOf<'tableExport'>['name'];
  /** The rows, plural: "recalled batches". */
  noun: string;
  /** Why there is nothing to export while the list is read. */
  reading: string;
  table(rows: readonly T[]): PlainTable;
  /** The button's text when a view has two exports; default "Export CSV…". */
  label?: string;
}

/** `rows`: the list on screen, or null while it is still being read. */
export function useReadListExport<T>(csv: ReadListExport<T>, rows: readonly T[] | null) {
  return useCsvExportFlow({
    noun: csv.noun,
    ...(csv.label ? { label: csv.label } : {}),
    matching: rows?.length,
    // Nothing to export is said, not written as a file holding a header only.
    unavailable: !rows
      ? csv.reading
      : rows.length === 0
        ? `There are no ${csv.noun} to export.`
        : null,
    request: { method: 'tableExport', args: { name: csv.name, ...csv.table(rows ?? []) } },
  });
}
