/**
 * CSV exports written to disk by the main process: the destination chosen (the call's, or the
 * default export folder), the folder checked before a request is spent, the CSV streamed to a
 * temporary file and given a name that replaces nothing, rows counted on the way.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, extname } from 'node:path';
import type { ExportResult } from '../../../shared/contract/values';
import type { StreamedAnswer } from '../api/api-client';
import {
  assertFolder,
  fileNameFromDisposition,
  safeFileName,
  saveStream,
  withStreamRetries,
} from '../api/download';
import type { CallContext } from '../handler-types';

export interface ExportTarget {
  dir: string;
  /** The name the person chose, if they named a file; else the service's or a default. */
  fileName?: string;
}

/**
 * Where an export goes. `destination` may be a folder, or a file path (it has an extension and
 * is not an existing folder), e.g. from a save dialog.
 */
export async function resolveTarget(
  destination: string | undefined,
  exportDir: string,
): Promise<ExportTarget> {
  if (destination === undefined) {
    await assertFolder(exportDir);
    return { dir: exportDir };
  }
  if (extname(destination) !== '' && !(await isFolder(destination))) {
    const dir = dirname(destination);
    await assertFolder(dir);
    return { dir, fileName: safeFileName(basename(destination)) };
  }
  await assertFolder(destination);
  return { dir: destination };
}

/** `orders-20261122-101500.csv`, in local time (the time the person sees on the wall). */
export function defaultExportName(prefix: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}`;
  const time = `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${prefix}-${date}-${time}.csv`;
}

export async function runExport(
  open: () => Promise<StreamedAnswer>,
  target: ExportTarget,
  defaultName: string,
  ctx: CallContext,
): Promise<ExportResult> {
  return withStreamRetries(
    async () => {
      const answer = await open();
      const fileName =
        target.fileName ?? fileNameFromDisposition(answer.disposition) ?? defaultName;
      let reported = 0;
      return saveStream(answer.body, {
        dir: target.dir,
        fileName,
        csv: true,
        signal: ctx.signal,
        onProgress: (_bytes, rows) => {
          // Every 500 rows is plenty; the dispatcher also paces progress events.
          if (rows - reported < 500) return;
          reported = rows;
          ctx.progress({ phase: 'Writing CSV', done: rows, total: null });
        },
      });
    },
    { signal: ctx.signal },
  );
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
