/**
 * A JSON body as text, read for the least CPU per page: a 500-order page is close to 3 MB and
 * the client reads one or more per second during bulk work.
 *
 * Why not `buffer.toString('utf8')`: on Node 20, decoding 3 MB of UTF-8 into a string (TextDecoder or
 * Buffer#toString) cost more CPU than parsing the JSON (≈ 22 ms against ≈ 9 ms here), and the
 * new string lands on the V8 heap. What is done instead, with the same result:
 *
 * - the chunks are copied into one reusable buffer, the text's bytes written after them in
 *   the same buffer (no new 3 MB allocation per page), and the only string made of the whole
 *   body is the final text (each large allocation costs page faults, which are dear on these
 *   virtual machines);
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
 * On Node 24, `toString('utf8')` itself is cheap again (0.8-0.9 ms for a 1.5 MB page, against
 * 1.3-1.5 ms for the escaped text here), but past Node's EXTERN_APEX it makes an external
 * string (see WHOLE_MAX), two bytes a character as soon as one character is past U+00FF. Even
 * the escaped text made external whole (one byte a character) brought the full GCs back: in
 * the page CPU measure at 500 orders, a full GC in 2-4 of 100 shipped pages and in 4 of the
 * bare GET's, p95 38.6 and 40.3 ms against 29.9 and 32.4 on the heap (2026-11-29, issue 34).
 *
 * It runs once all the chunks are in and is synchronous, so the shared buffers are never used
 * by two reads at once.
 */
import { isAscii } from 'node:buffer';

const HEX = '0123456789abcdef';
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Buffers larger than this are not kept between reads. */
const KEEP_MAX = 16 * 1024 * 1024;

/**
 * The body's bytes at [0, size), and the text's bytes written after them: one buffer, so the
 * ASCII between two runs moves with `copyWithin`, which makes no view per call (a
 * Buffer#copy does; 0.18 against 0.09 µs a call here, and a 500-order page has ~1,200 runs).
 */
let work = Buffer.alloc(0);

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
  const text = textOf(chunks, size);
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
  return textOf(chunks, size);
}

function textOf(chunks: readonly Uint8Array[], size: number): string {
  gather(chunks, size);
  // Offsets below are into `work`: the body is [start, size), without a BOM.
  const start = hasBom(size) ? UTF8_BOM.length : 0;
  if (isAscii(work.subarray(start, size))) return release(latin1Text(work, start, size));
  const runs = nonAsciiRuns(work.subarray(start, size));
  let runBytes = 0;
  for (let r = 0; r < runs.length; r += 2)
    runBytes += (runs[r + 1] as number) - (runs[r] as number) + 1;
  // Every run of non-ASCII bytes, decoded in one call: runs joined by a NUL (an ASCII byte
  // ends any UTF-8 sequence, so each run decodes as it would in place), then split apart.
  // Copied byte by byte: runs are a few bytes, less than the cost of a call to copy them.
  const joined = Buffer.allocUnsafe(runBytes);
  let j = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const end = start + (runs[r + 1] as number);
    for (let b = start + (runs[r] as number); b < end; b++) joined[j++] = work[b] as number;
    joined[j++] = 0;
  }
  const decoded = joined.toString('utf8', 0, j).split('\0');

  // The text goes after the body (enough room: a run of n bytes decodes to at most n UTF-16
  // units, each written as 6 bytes).
  const out = size;
  grow(size, out + (size - start) + 6 * runBytes);
  let at = out;
  let from = start;
  for (let r = 0; r < runs.length; r += 2) {
    const runStart = start + (runs[r] as number);
    const chars = decoded[r / 2] as string;
    work.copyWithin(at, from, runStart);
    at += runStart - from;
    from = start + (runs[r + 1] as number);
    for (let i = 0; i < chars.length; i++) {
      const c = chars.charCodeAt(i);
      work[at++] = 0x5c; // \
      work[at++] = 0x75; // u
      work[at++] = HEX.charCodeAt(c >> 12);
      work[at++] = HEX.charCodeAt((c >> 8) & 15);
      work[at++] = HEX.charCodeAt((c >> 4) & 15);
      work[at++] = HEX.charCodeAt(c & 15);
    }
  }
  work.copyWithin(at, from, size);
  at += size - from;
  return release(latin1Text(work, out, at));
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
const WHOLE_MAX = 900_000;
/**
 * Past WHOLE_MAX, the pieces are small enough to be ordinary objects of V8's young generation
 * (a one-byte string of at most 120,000 characters is under its 128 kB limit for a regular
 * object), not each a large object of its own: a large object takes fresh pages, faulted in at
 * a cost on these machines, and JSON.parse still makes one when it joins the pieces. Measured
 * in one Node (--single-threaded, the sandbox's 500-order pages, 1.3-2.5 MB, escaped text
 * made string then parsed, p50): pieces of 900,000 bytes 0.97 + 13.16 ms, of 120,000 0.29 +
 * 13.28 ms (bench/README.md).
 */
const PIECE = 120_000;

/** bytes[from, end) as latin1 text, whole up to WHOLE_MAX bytes, else in pieces (see above). */
function latin1Text(bytes: Buffer, from: number, end: number): string {
  if (end - from <= WHOLE_MAX) return bytes.toString('latin1', from, end);
  let text = '';
  for (let at = from; at < end; at += PIECE) {
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

/** The chunks at work[0, size). */
function gather(chunks: readonly Uint8Array[], size: number): void {
  if (work.length < size) work = Buffer.allocUnsafe(size);
  let at = 0;
  for (const chunk of chunks) {
    work.set(chunk, at);
    at += chunk.byteLength;
  }
}

/** Room for `size` bytes in `work`, its first `keep` bytes kept. */
function grow(keep: number, size: number): void {
  if (work.length >= size) return;
  const larger = Buffer.allocUnsafe(size);
  work.copy(larger, 0, 0, keep);
  work = larger;
}

function hasBom(size: number): boolean {
  return (
    size >= UTF8_BOM.length &&
    work[0] === UTF8_BOM[0] &&
    work[1] === UTF8_BOM[1] &&
    work[2] === UTF8_BOM[2]
  );
}

/** Lets go of a buffer grown for an unusually large body. */
function release(text: string): string {
  if (work.length > KEEP_MAX) work = Buffer.alloc(0);
  return text;
}
