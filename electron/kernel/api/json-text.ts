/**
 * A JSON body as text, read for the least CPU per page: a 500-order page is close to 3 MB and
 * the client reads one or more per second during bulk work.
 *
 * Why not `buffer.toString('utf8')`: on Node 20, decoding 3 MB of UTF-8 into a string (TextDecoder or
 * Buffer#toString) cost more CPU than parsing the JSON (≈ 22 ms against ≈ 9 ms here), and the
 * new string lands on the V8 heap. What is done instead, with the same result:
 *
 * - the chunks are copied into one reusable buffer (no new 3 MB allocation per page), and the
 *   only string made of the whole body is the final text (each large allocation costs page
 *   faults, which are dear on these virtual machines);
 * - pure ASCII (checked with Buffer's isAscii, SIMD) becomes a string as is (latin1, a copy);
 * - otherwise each run of non-ASCII bytes is written as JSON `\uXXXX` escapes of the characters
 *   it decodes to, and the rest copied as is. Non-ASCII bytes may only appear inside JSON
 *   strings, where a character and its escape mean the same thing, so JSON.parse gives exactly
 *   the value the UTF-8 text holds (invalid UTF-8 becomes U+FFFD either way, a 4-byte sequence
 *   two escapes that parse to the same surrogate pair; a stray byte outside a string is invalid
 *   JSON either way). The text stays valid JSON for the same value, so it can also be handed
 *   to the renderer as is (result-json.ts).
 *
 * Every body is made one text and parsed once, whatever its size. Until 2026-11-29 bodies of
 * 96 kB to 1 MB were parsed as their envelope and their rows (json-split.ts, now gone), to keep
 * their text out of V8's large-object space, whose fresh pages faulted in dear on these
 * machines. Measured again on Node 24 in one Node (--single-threaded, the sandbox's orders cut
 * to size, CPU per body, gather + text + parse against the split), quiet and with a core busy,
 * the whole text was cheaper at every size: 0.13 MB 1.16 against 1.68 ms p50 (1.39 against
 * 1.96 busy), 0.26 MB 2.28 against 3.24, 0.53 MB 4.54 against 6.49, 0.80 MB 7.00 against 9.78:
 * the text's page faults (37 for 0.13 MB) now cost less than the split's byte scan in
 * JavaScript and its many small parses. In the page CPU measure's shipped path at 50 orders:
 * p50 2.35-2.48 against 2.78-2.81 ms, p95 4.5-4.7 against 6.3-6.9 (bench/README.md).
 *
 * It runs once all the chunks are in and is synchronous, so the shared buffers are never used
 * by two reads at once.
 */
import { isAscii } from 'node:buffer';

const HEX = '0123456789abcdef';
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Buffers larger than this are not kept between reads. */
const KEEP_MAX = 16 * 1024 * 1024;

let input = Buffer.alloc(0);
let output = Buffer.alloc(0);

/** A JSON body read whole: its text and its value. */
export interface JsonBody {
  /** JSON text of the value ('' for no bytes). */
  text: string;
  /** undefined when the body is blank or not JSON. */
  value: unknown;
  /** Only whitespace (or nothing). */
  blank: boolean;
}

/**
 * The whole body (the chunks the wire read) parsed once: `value` is what `JSON.parse` of its
 * UTF-8 text gives (undefined when that throws or the body is blank), `text` valid JSON of it.
 * Synchronous (see the file comment).
 */
export function jsonBodyOf(chunks: readonly Uint8Array[], size: number): JsonBody {
  const text = textOf(bodyBytes(chunks, size));
  if (text.trim() === '') return { text, value: undefined, blank: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return { text, value, blank: false };
}

/**
 * The whole body (the chunks the wire read), as JSON text that parses to what its UTF-8 holds.
 * Synchronous (see the file comment).
 */
export function jsonTextOf(chunks: readonly Uint8Array[], size: number): string {
  return textOf(bodyBytes(chunks, size));
}

/** The chunks in the shared input buffer, without a BOM. */
function bodyBytes(chunks: readonly Uint8Array[], size: number): Buffer {
  const bytes = gather(chunks, size);
  return bytes.subarray(hasBom(bytes) ? UTF8_BOM.length : 0);
}

function textOf(body: Buffer): string {
  if (isAscii(body)) return release(latin1Text(body, body.length));
  // Every run of non-ASCII bytes, decoded in one call: runs joined by a NUL (an ASCII byte
  // ends any UTF-8 sequence, so each run decodes as it would in place), then split apart.
  const runs = nonAsciiRuns(body);
  let runBytes = 0;
  for (let r = 0; r < runs.length; r += 2)
    runBytes += (runs[r + 1] as number) - (runs[r] as number) + 1;
  const joined = Buffer.allocUnsafe(runBytes);
  let j = 0;
  for (let r = 0; r < runs.length; r += 2) {
    j += body.copy(joined, j, runs[r], runs[r + 1]);
    joined[j++] = 0;
  }
  const decoded = joined.toString('utf8', 0, j).split('\0');

  const out = room(body.length + 6 * runBytes);
  let at = 0;
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const runStart = runs[r] as number;
    const chars = decoded[r / 2] as string;
    at += body.copy(out, at, from, runStart);
    from = runs[r + 1] as number;
    for (let i = 0; i < chars.length; i++) {
      const c = chars.charCodeAt(i);
      out[at++] = 0x5c; // \
      out[at++] = 0x75; // u
      out[at++] = HEX.charCodeAt(c >> 12);
      out[at++] = HEX.charCodeAt((c >> 8) & 15);
      out[at++] = HEX.charCodeAt((c >> 4) & 15);
      out[at++] = HEX.charCodeAt(c & 15);
    }
  }
  at += body.copy(out, at, from);
  return release(latin1Text(out, at));
}

/**
 * Past Node's EXTERN_APEX (0xFBEE9 bytes), Buffer#toString makes an external string: its
 * characters outside V8's heap, memory V8 counts as external. V8 starts a full mark-compact of
 * the whole heap whenever that count has grown by 64 MB, so every 500-order page's text (2.5
 * MB) brought one nearer, about every 20 pages with the body's chunks (wire.ts): in the page
 * CPU measure, a full GC in 10-15 of 300 pages, the p95 (issue 34). Made of pieces below that
 * size, the text is an ordinary string on V8's heap (JSON.parse joins the pieces once, a copy
 * of well under a millisecond): 0-2 pages of 300 with a full GC, p95 26-30 ms against 34-35
 * (bench/README.md).
 */
const PIECE = 900_000;

/** bytes[0, end) as latin1 text, in pieces of at most PIECE bytes (see above). */
function latin1Text(bytes: Buffer, end: number): string {
  if (end <= PIECE) return bytes.toString('latin1', 0, end);
  let text = '';
  for (let at = 0; at < end; at += PIECE) {
    text += bytes.toString('latin1', at, Math.min(end, at + PIECE));
  }
  return text;
}

/**
 * [start, end) of every run of bytes ≥ 0x80, found four bytes at a time. No string of the
 * whole body is made for it: on this machine every large string costs page faults.
 */
function nonAsciiRuns(body: Buffer): number[] {
  const runs: number[] = [];
  const n = body.length;
  // Bytes before the first 4-byte boundary, then whole words, then the tail.
  const head = Math.min(n, (4 - (body.byteOffset % 4)) % 4);
  const words = new Uint32Array(body.buffer, body.byteOffset + head, (n - head) >>> 2);
  const wordsEnd = head + words.length * 4;
  let i = 0;
  while (i < n) {
    if (i >= head && i < wordsEnd && (i - head) % 4 === 0) {
      // Skip whole ASCII words.
      let w = (i - head) >>> 2;
      while (w < words.length && ((words[w] as number) & 0x80808080) === 0) w++;
      i = head + w * 4;
      if (i >= n) break;
    }
    if ((body[i] as number) < 0x80) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && (body[i] as number) >= 0x80) i++;
    runs.push(start, i);
  }
  return runs;
}

function gather(chunks: readonly Uint8Array[], size: number): Buffer {
  if (input.length < size) input = Buffer.allocUnsafe(size);
  let at = 0;
  for (const chunk of chunks) {
    input.set(chunk, at);
    at += chunk.byteLength;
  }
  return input.subarray(0, size);
}

/**
 * The output buffer with room for `size` bytes (enough: a run of n bytes decodes to at most n
 * UTF-16 units, each written as 6 bytes).
 */
function room(size: number): Buffer {
  if (output.length < size) output = Buffer.allocUnsafe(size);
  return output;
}

function hasBom(bytes: Buffer): boolean {
  return bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
}

/** Lets go of buffers grown for an unusually large body. */
function release(text: string): string {
  if (input.length > KEEP_MAX) input = Buffer.alloc(0);
  if (output.length > KEEP_MAX) output = Buffer.alloc(0);
  return text;
}
