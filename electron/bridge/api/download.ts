/**
 * Binary answers (PDFs, labels, CSV exports), read without ever holding a whole export:
 *
 * - `readBounded`: small documents into one buffer, refusing anything over a bound (the result
 *   crosses the bridge whole, as base64);
 * - `saveStream`: exports streamed to a temporary file beside the target, then given their
 *   final name without overwriting anything (a hard link fails if the name exists, where a
 *   rename would silently replace it), counting CSV rows on the way;
 * - `withStreamRetries`: all binary operations are idempotent, so a download that breaks off
 *   half-way is simply asked for again (through the limiter, like any request).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, rename, stat, unlink } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ExportResult } from '../../../shared/contract/values';
import { BridgeFailure, isBridgeFailure } from '../failure';
import { badResponse, cancelledFailure } from './api-errors';
import { CsvRowCounter } from './csv-rows';

/** Documents and label batches cross the bridge whole; anything larger is refused. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

export async function readBounded(
  body: ReadableStream<Uint8Array>,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw badResponse(`a document over ${Math.round(maxBytes / 1048576)} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export interface SaveOptions {
  /** The folder, which must exist. */
  dir: string;
  fileName: string;
  /** Count CSV data rows while writing. */
  csv?: boolean;
  signal?: AbortSignal;
  /** Called as the file grows (bytes written, CSV data rows so far). */
  onProgress?(bytes: number, rows: number): void;
}

/** Streams `body` into `dir`, under `fileName` or, if taken, `name (2).ext`, `name (3).ext`… */
export async function saveStream(
  body: ReadableStream<Uint8Array>,
  options: SaveOptions,
): Promise<ExportResult> {
  const temp = join(options.dir, `.${options.fileName}.${randomBytes(6).toString('hex')}.part`);
  const counter = new CsvRowCounter();
  let bytes = 0;
  const tally = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      if (options.csv) counter.push(chunk);
      options.onProgress?.(bytes, counter.dataRows);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>),
      tally,
      createWriteStream(temp, { flags: 'wx' }),
      { signal: options.signal },
    );
    const path = await claimName(temp, options.dir, options.fileName);
    return { path, bytes, rows: options.csv ? counter.dataRows : 0 };
  } catch (error) {
    await unlink(temp).catch(() => {});
    if (isBridgeFailure(error)) throw error;
    if (options.signal?.aborted) throw cancelledFailure();
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('E') && code !== 'ECONNRESET') {
      throw fileFailure(code, options.dir);
    }
    throw new BridgeFailure('network', 'The download broke off. Try again.');
  }
}

/** Gives the finished temp file its name, never replacing an existing file. */
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

/** Retries a whole download when its body breaks off (network or idle timeout). */
export async function withStreamRetries<T>(
  run: () => Promise<T>,
  options: { attempts?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = isBridgeFailure(error) ? error.error.code : undefined;
      const broken = code === 'network' || code === 'timeout';
      if (!broken || attempt >= attempts || options.signal?.aborted) throw error;
    }
  }
}

/** The file name a Content-Disposition header proposes, made safe; undefined when none. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (star?.[2]) {
    try {
      name = decodeURIComponent(star[2].trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  return name === undefined ? undefined : safeFileName(name);
}

/**
 * A name that stays inside the folder it is written to: no path, no control characters, none
 * of the characters Windows refuses, not hidden, not too long. Undefined when nothing is left.
 */
export function safeFileName(name: string): string | undefined {
  const cleaned = basename(name.replace(/\\/g, '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned === '' || /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(cleaned)) return undefined;
  if (cleaned.length <= 120) return cleaned;
  const ext = extname(cleaned).slice(0, 10);
  return `${cleaned.slice(0, 120 - ext.length)}${ext}`;
}

/** Checks `dir` is an existing folder, before any request is spent on an export. */
export async function assertFolder(dir: string): Promise<void> {
  try {
    if ((await stat(dir)).isDirectory()) return;
  } catch (error) {
    throw fileFailure((error as { code?: string }).code ?? 'ENOENT', dir);
  }
  throw new BridgeFailure('file_error', `${dir} is a file, not a folder. Choose a folder.`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function fileFailure(code: string, dir: string): BridgeFailure {
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
