/**
 * Exports written to disk without ever holding a whole export, and never passed off as
 * complete when they are not:
 *
 * - `writeTemp` streams a body into a hidden temporary file beside the target (mode 0600: an
 *   export holds names and addresses), counting CSV rows on the way, and reports how the CSV
 *   ended (inside a quoted field, mid-record, or after a full record);
 * - `publish` gives a checked file its name without overwriting anything (a hard link fails if
 *   the name exists, where a rename would silently replace it);
 * - `keepAside` gives a short or unchecked file a name that says so (`orders.partial.csv`,
 *   `orders.unverified.csv`), for the person to look at, never a complete export's name;
 * - `ensureFolder` creates the chosen folder when it is missing (0700), and says in plain
 *   words why it cannot be written to.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { BridgeFailure, isBridgeFailure } from '../failure';
import { cancelledFailure } from './api-errors';
import { CsvRowCounter } from './csv-rows';

export interface WriteOptions {
  /** The folder, which must exist. */
  dir: string;
  fileName: string;
  signal?: AbortSignal;
  /** Called as the file grows (bytes written, CSV data rows so far). */
  onProgress?(bytes: number, rows: number): void;
}

/** A body written to a temporary file, not yet given its name. */
export interface WrittenFile {
  temp: string;
  bytes: number;
  /** CSV data rows (every record but the header). */
  rows: number;
  /** Whether the CSV ends after a whole record (a line break outside quotes), or is empty. */
  endsOnRecord: boolean;
  /** Whether the CSV ends inside a quoted field. */
  endsInQuotes: boolean;
}

/** The body broke off (or was cancelled) after `file` had been started. */
export class BrokenBody extends Error {
  constructor(
    readonly failure: BridgeFailure,
    readonly file: WrittenFile,
  ) {
    super(failure.message);
  }
}

export async function writeTemp(
  body: ReadableStream<Uint8Array>,
  options: WriteOptions,
): Promise<WrittenFile> {
  const temp = join(options.dir, `.${options.fileName}.${randomBytes(6).toString('hex')}.part`);
  const counter = new CsvRowCounter();
  const file: WrittenFile = { temp, bytes: 0, rows: 0, endsOnRecord: true, endsInQuotes: false };
  const tally = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      file.bytes += chunk.byteLength;
      counter.push(chunk);
      options.onProgress?.(file.bytes, counter.dataRows);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>),
      tally,
      createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
      { signal: options.signal },
    );
    return tallied(file, counter);
  } catch (error) {
    tallied(file, counter);
    if (options.signal?.aborted) {
      await discard(file);
      throw cancelledFailure();
    }
    const code = (error as { code?: unknown }).code;
    if (!isBridgeFailure(error) && typeof code === 'string' && isFileErrorCode(code)) {
      await discard(file);
      throw fileFailure(code, options.dir);
    }
    const failure = isBridgeFailure(error)
      ? error
      : new BridgeFailure('network', 'The download broke off.');
    throw new BrokenBody(failure, file);
  }
}

function tallied(file: WrittenFile, counter: CsvRowCounter): WrittenFile {
  file.rows = counter.dataRows;
  file.endsOnRecord = counter.endsOnRecord;
  file.endsInQuotes = counter.endsInQuotes;
  return file;
}

/** Gives the finished file its name (or `name (2).ext`, …), never replacing a file. */
export function publish(file: WrittenFile, dir: string, fileName: string): Promise<string> {
  return claimName(file.temp, dir, fileName);
}

/**
 * Keeps a file that is not a finished export as `<stem>.partial<ext>` (short) or
 * `<stem>.unverified<ext>` (its rows could not be checked), or `… (2)…`, for the person to
 * look at; never the name a complete export would have.
 */
export function keepAside(
  file: WrittenFile,
  dir: string,
  fileName: string,
  label: 'partial' | 'unverified' = 'partial',
): Promise<string> {
  const ext = extname(fileName);
  return claimName(
    file.temp,
    dir,
    `${fileName.slice(0, fileName.length - ext.length)}.${label}${ext}`,
  );
}

export async function discard(file: WrittenFile): Promise<void> {
  await unlink(file.temp).catch(() => {});
}

/** Makes sure `dir` is a folder, creating it (and its parents) when missing. */
export async function ensureFolder(dir: string): Promise<void> {
  try {
    if ((await stat(dir)).isDirectory()) return;
    throw new BridgeFailure('file_error', `${dir} is a file, not a folder. Choose a folder.`);
  } catch (error) {
    if (isBridgeFailure(error)) throw error;
    const code = (error as { code?: string }).code ?? 'EIO';
    if (code !== 'ENOENT') throw fileFailure(code, dir);
  }
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw fileFailure((error as { code?: string }).code ?? 'EIO', dir);
  }
}

async function claimName(temp: string, dir: string, fileName: string): Promise<string> {
  const ext = extname(fileName);
  const stem = fileName.slice(0, fileName.length - ext.length);
  for (let n = 1; n <= 1000; n++) {
    const candidate = join(dir, n === 1 ? fileName : `${stem} (${n})${ext}`);
    try {
      await link(temp, candidate);
      await unlink(temp);
      return candidate;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EEXIST') continue;
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
        // No hard links here (FAT, some network drives): check, then rename.
        if (await exists(candidate)) continue;
        await rename(temp, candidate);
        return candidate;
      }
      throw error;
    }
  }
  throw new BridgeFailure('file_error', `Too many files named like ${fileName} in ${dir}.`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function isFileErrorCode(code: string): boolean {
  return ['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EEXIST', 'EISDIR'].includes(
    code,
  );
}

export function fileFailure(code: string, dir: string): BridgeFailure {
  const why: Record<string, string> = {
    ENOENT: `The folder ${dir} does not exist. Choose another folder.`,
    ENOTDIR: `${dir} is not a folder. Choose a folder.`,
    EACCES: `Packbench may not write in ${dir}. Choose another folder.`,
    EPERM: `Packbench may not write in ${dir}. Choose another folder.`,
    EROFS: `${dir} is read-only. Choose another folder.`,
    ENOSPC: `The disk holding ${dir} is full. Free some space or choose another folder.`,
  };
  return new BridgeFailure('file_error', why[code] ?? `The file could not be written in ${dir}.`);
}
