/**
 * Binary answers (PDFs, labels), read whole; exports are written by save-file.ts:
 *
 * - `readBounded`: small documents into one buffer, refusing anything over a bound (the result
 *   crosses the bridge whole, as base64);
 * - `withStreamRetries`: all binary operations are idempotent, so a download that breaks off
 *   half-way is simply asked for again (through the limiter, like any request);
 * - file names from Content-Disposition, made safe.
 */
import { basename, extname } from 'node:path';
import { isBridgeFailure } from '../failure';
import { badResponse } from './api-errors';

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
