/**
 * CSV exports written to disk by the main process. An export is complete or it fails:
 *
 * - where: the folder the person chose (by its choice id: folder-choices.ts) or the default
 *   export folder; the folder is created when missing; the file ends in `.csv`, is written
 *   0600 and given a name that replaces nothing;
 * - complete: the written file is checked against what the server promised before it gets its
 *   name: every byte of a Content-Length; a CSV that does not stop inside a quoted field; for an
 *   answer without a length, a last record that ends with its line break (a chunked answer's
 *   terminating chunk cannot be seen through fetch: on Node 20 undici ends a chunked body
 *   quietly when the connection closes before it, as it must for an answer delimited by the
 *   close itself); and rows against the list's count for the same filters, asked for before
 *   the export (and again after, when fewer rows came: the list may have changed meanwhile);
 * - a short file is asked for again (twice), then kept aside as `<name>.partial.csv` and the
 *   export reported as failed, naming that file. It is never reported as done;
 * - a file whose rows cannot be checked (the count request failed, before and after) is kept
 *   aside as `<name>.unverified.csv` and answered with `unverified` in words ("unverified:
 *   1,020 orders written, the count could not be checked"), never as a finished export.
 */
import { extname } from 'node:path';
import type { ExportResult } from '@shared/contract/values';
import type { ApiClient, CallOptions, StreamedAnswer } from '../api/api-client';
import { fileNameFromDisposition } from '../api/download';
import {
  BrokenBody,
  discard,
  ensureFolder,
  keepAside,
  publish,
  type WrittenFile,
  writeTemp,
} from '../api/save-file';
import { BridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';

export interface ExportTarget {
  dir: string;
  /** The name the person chose, if they named a file; else the service's or a default. */
  fileName?: string;
}

/** Turns a folder choice's id into its folder (files/folder-choices.ts); refuses any other. */
export interface FolderResolver {
  resolve(choiceId: string): Promise<string>;
}

const ATTEMPTS = 3;

/**
 * Where an export goes: the folder behind the choice the person made (an id the main process
 * handed out, never a path from the renderer), or the default export folder. The folder is
 * made when missing.
 */
export async function resolveTarget(
  destination: string | undefined,
  exportDir: string,
  folders?: FolderResolver,
): Promise<ExportTarget> {
  if (destination === undefined) {
    await ensureFolder(exportDir);
    return { dir: exportDir };
  }
  if (!folders) {
    throw new BridgeFailure(
      'invalid_arguments',
      'Choose the folder in Packbench (Choose folder…).',
    );
  }
  const dir = await folders.resolve(destination);
  await ensureFolder(dir);
  return { dir };
}

/** `name.csv` stays; any other name gets `.csv` added (`report.txt` → `report.txt.csv`). */
export function csvName(name: string): string {
  return extname(name).toLowerCase() === '.csv' ? name : `${name}.csv`;
}

/** `orders-20261122-101500.csv`, in local time (the time the person sees on the wall). */
export function defaultExportName(prefix: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}`;
  const time = `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${prefix}-${date}-${time}.csv`;
}

export interface ExportSource {
  open(): Promise<StreamedAnswer>;
  /** The list's count for the same filters; undefined when it cannot be had. */
  count(): Promise<number | undefined>;
  /** What a row is, for messages: "orders", "returns". */
  noun: string;
}

/**
 * The count of the list an export mirrors (same filters, a one-row page), when it can be
 * believed (not negative).
 */
export function listCount(
  api: ApiClient,
  operationId: 'orders_list' | 'returns_requests_list',
  query: Record<string, string | number | boolean | undefined>,
  call: CallOptions,
): () => Promise<number | undefined> {
  return async () => {
    // Typed as the orders list: both answer `count` the same way, and the query is the
    // export's own filters, which the two lists take as their exports do.
    const page = await api.page(
      operationId as 'orders_list',
      { query: { ...query, page_size: 1 } },
      call,
      'ids',
    );
    return page.count >= 0 ? page.count : undefined;
  };
}

export async function runExport(
  source: ExportSource,
  target: ExportTarget,
  defaultName: string,
  ctx: CallContext,
): Promise<ExportResult> {
  const expected = await source.count().catch(() => undefined);
  let short: { file: WrittenFile; name: string; why: string; failure?: BridgeFailure } | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const answer = await source.open();
    const name = csvName(
      target.fileName ?? fileNameFromDisposition(answer.disposition) ?? defaultName,
    );
    let reported = 0;
    let file: WrittenFile;
    try {
      file = await writeTemp(answer.body, {
        dir: target.dir,
        fileName: name,
        signal: ctx.signal,
        onProgress: (_bytes, rows) => {
          // Every 500 rows is plenty; the dispatcher also paces progress events.
          if (rows - reported < 500) return;
          reported = rows;
          ctx.progress({ phase: 'Writing CSV', done: rows, total: expected ?? null });
        },
      });
    } catch (error) {
      if (!(error instanceof BrokenBody)) throw error;
      const code = error.failure.error.code;
      if (code !== 'network' && code !== 'timeout') {
        await discard(error.file);
        throw error.failure;
      }
      if (short) await discard(short.file);
      short = { file: error.file, name, why: 'the answer broke off', failure: error.failure };
      if (ctx.signal.aborted) break;
      continue;
    }
    const why = await shortfall(file, answer, expected, source);
    if (why === undefined) {
      if (short) await discard(short.file);
      const path = await publish(file, target.dir, name);
      return { path, bytes: file.bytes, rows: file.rows };
    }
    if (why === UNVERIFIED) {
      // Whole by every other check, but its rows cannot be counted against the list: asking
      // for the file again would not help. Kept aside under a name that says so, never done.
      if (short) await discard(short.file);
      const path = await keepAside(file, target.dir, name, 'unverified');
      return {
        path,
        bytes: file.bytes,
        rows: file.rows,
        unverified: unverifiedWords(file.rows, source.noun),
      };
    }
    if (short) await discard(short.file);
    short = { file, name, why };
  }
  if (!short) throw new BridgeFailure('internal', 'The export ended without an answer.');
  const partial = await keepAside(short.file, target.dir, short.name);
  const rows = short.file.rows.toLocaleString('en-US');
  const of = expected === undefined ? '' : ` of ${expected.toLocaleString('en-US')}`;
  throw new BridgeFailure(
    short.failure?.error.code === 'timeout' ? 'timeout' : 'network',
    `The export is incomplete: ${short.why} after ${rows}${of} ${source.noun} (${ATTEMPTS} tries). ` +
      `What arrived is kept as ${partial}; it is not a finished export. Try again.`,
  );
}

/** The file looks whole but its rows could not be checked: the count could not be had. */
const UNVERIFIED = Symbol('unverified');

/** "unverified: 1,020 orders written, the count could not be checked" */
export function unverifiedWords(rows: number, noun: string): string {
  return `unverified: ${rows.toLocaleString('en-US')} ${noun} written, the count could not be checked`;
}

/**
 * Why the written file is not what the server promised; undefined when it is; UNVERIFIED when
 * nothing says it is short but the list's count, the only proof that every row came (a cut at
 * a row boundary leaves a well-formed CSV), could not be had before nor after.
 */
async function shortfall(
  file: WrittenFile,
  answer: StreamedAnswer,
  expected: number | undefined,
  source: ExportSource,
): Promise<string | typeof UNVERIFIED | undefined> {
  if (answer.length !== undefined && file.bytes !== answer.length) {
    return `${file.bytes.toLocaleString('en-US')} of the ${answer.length.toLocaleString('en-US')} bytes promised arrived`;
  }
  if (file.endsInQuotes) return 'the file stops inside a quoted field';
  if (answer.length === undefined && !file.endsOnRecord) {
    return 'the answer stopped in the middle of a row';
  }
  if (expected === undefined) {
    const now = await source.count().catch(() => undefined);
    if (now === undefined) return UNVERIFIED;
    return file.rows < now ? 'fewer rows came than the list counts' : undefined;
  }
  if (file.rows < expected) {
    // The list may have shrunk meanwhile (an order left these filters): count again.
    const now = await source.count().catch(() => undefined);
    if (now === undefined || file.rows < now) return 'fewer rows came than the list counts';
  }
  return undefined;
}
