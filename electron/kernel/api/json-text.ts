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
 * A body between SPLIT_FROM and SPLIT_UNDER bytes is not made one string at all: it is parsed
 * as its envelope and its rows (json-split.ts), each row its own small string.
 *
 * It runs once all the chunks are in and is synchronous, so the shared buffers are never used
 * by two reads at once.
 */
import { isAscii } from 'node:buffer';
import { parseSplit } from './json-split';

const HEX = '0123456789abcdef';
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Buffers larger than this are not kept between reads. */
const KEEP_MAX = 16 * 1024 * 1024;

let input = Buffer.alloc(0);
let output = Buffer.alloc(0);

/**
 * Bodies this large and smaller than SPLIT_UNDER are parsed in pieces (json-split.ts): their
 * text would be a string in V8's large-object space (over 128 kB), which costs page faults
 * here. Measured 2026-11-28 in one Node (--single-threaded, pages of the sandbox's orders cut
 * to size, CPU per page, text + parse against split): 0.13 MB 1.40 against 0.90 ms, 0.26 MB
 * 2.95 against 1.93, 0.53 MB 5.83 against 4.26, 0.81 MB 6.96 against 6.07, 1.07 MB 5.59
 * against 7.27. Past about 1 MB (Node's EXTERN_APEX, 0xFBEE9 bytes) Node makes the text an
 * external string, cheaper per byte, and the split's scan of every byte no longer pays.
 */
const SPLIT_FROM = 96 * 1024;
const SPLIT_UNDER = 1_000_000;

/** A JSON body read whole: its text and its value. */
export interface JsonBody {
  /** JSON text of the value ('' for no bytes); a rope of pieces when split. */
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
  const body = bodyBytes(chunks, size);
  if (body.length >= SPLIT_FROM && body.length < SPLIT_UNDER) {
    const split = parseSplit(body);
    if (split) {
      release('');
      return { text: split.text, value: split.value, blank: false };
    }
  }
  const text = textOf(body);
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
  if (isAscii(body)) return release(body.toString('latin1'));
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
  return release(out.toString('latin1', 0, at));
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
