/**
 * A large JSON body parsed without one string of the whole body (issue 34: CPU per page).
 *
 * Why: `JSON.parse` takes one string, and a string over 128 kB lands in V8's large-object
 * space, which takes fresh pages from the system for every such string and gives them back
 * when it dies. On the machines this runs on a fresh page costs a fault (about 25 µs per
 * 4 kB here), so making the text of a 130 kB page cost as much as parsing it, and a 1.5 MB
 * page about a quarter of its parse. The rows of a list are small (a few kB an order), so a
 * page is read as its envelope and its rows, each its own small string and its own
 * `JSON.parse`: the same value, for the parse's own cost and a scan of the bytes.
 *
 * What is split: the first array member of the top-level object of ARRAY_MIN bytes or more
 * (a page's `results`), at the commas between its elements. The scan only finds where the
 * elements are (strings skipped by their quotes, nesting counted); `JSON.parse` still reads
 * every byte: the envelope with that array written `[]`, and each element alone. That gives
 * exactly the value a parse of the whole would give whenever the whole is valid JSON:
 * - every byte is in the envelope, in one element, or one of the array's own `[`, `,`, `]`;
 *   an element parses only if it is one whole value, so a wrong cut (inside a string or a
 *   nested object) cannot parse, and the envelope parses only if `[]` stood where a value can;
 * - the array goes back under its key, at its place in the key order, unless that key is
 *   written twice at the top level or is `__proto__` (where a parse and an assignment differ).
 * Anything else (not an object, no such array, a piece that does not parse) returns
 * undefined and the caller parses the whole text, which gives the answer and its errors as
 * before. Hand-written: no JSON library splits a document at its elements without parsing it
 * into values first (stream parsers such as @streamparser/json do, but in JavaScript, several
 * times slower than `JSON.parse`).
 *
 * The text handed on with the value (result-json.ts) is the pieces joined: V8 joins strings as
 * a rope, so no string of the whole page is made here; whoever writes it flattens it once.
 */
import {
  BACKSLASH,
  CLOSE_CURLY,
  CLOSE_SQUARE,
  COLON,
  COMMA,
  isSpace,
  OPEN_CURLY,
  OPEN_SQUARE,
  QUOTE,
} from './json-bytes';

/** An array smaller than this is parsed with its envelope (not worth a string each). */
const ARRAY_MIN = 16 * 1024;

export interface SplitJson {
  value: unknown;
  /** Valid JSON text of `value` (a rope of the pieces). */
  text: string;
}

/** `body` (UTF-8, no BOM) parsed in pieces, or undefined when it cannot be (see above). */
export function parseSplit(body: Buffer): SplitJson | undefined {
  const plan = findArray(body);
  if (!plan) return undefined;
  const { keyStart, keyEnd, open, close, bounds } = plan;
  try {
    const envelope: unknown = JSON.parse(
      `${decode(body, 0, open)}[]${decode(body, close + 1, body.length)}`,
    );
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
      return undefined;
    }
    const key: unknown = JSON.parse(decode(body, keyStart, keyEnd));
    const record = envelope as Record<string, unknown>;
    // A key written twice: the parse keeps the last value, which may not be this array.
    if (typeof key !== 'string' || key === '__proto__') return undefined;
    if (Object.keys(record).length !== plan.keys) return undefined;
    const placeholder = record[key];
    if (!Array.isArray(placeholder) || placeholder.length !== 0) return undefined;

    const rows: unknown[] = [];
    let text = decode(body, 0, open + 1);
    const blank = bounds.length === 2 && isBlank(body, bounds[0] as number, bounds[1] as number);
    for (let b = 0; b < bounds.length; b += 2) {
      const piece = decode(body, bounds[b] as number, bounds[b + 1] as number);
      // `[ ]`: no element.
      if (!blank) rows.push(JSON.parse(piece));
      text += b === 0 ? piece : `,${piece}`;
    }
    text += decode(body, close, body.length);
    record[key] = rows;
    return { value: envelope, text };
  } catch {
    // A piece that is not one JSON value: the whole is read as before (and fails there).
    return undefined;
  }
}

interface ArrayPlan {
  /** The member's key, as its quoted bytes [keyStart, keyEnd). */
  keyStart: number;
  keyEnd: number;
  /** Where its `[` and `]` are. */
  open: number;
  close: number;
  /** [start, end) of each element, in pairs (one blank pair for `[ ]`). */
  bounds: number[];
  /** Keys written at the top level, counted as written (duplicates included). */
  keys: number;
}

/** The first top-level array member of at least ARRAY_MIN bytes, and its elements. */
function findArray(b: Buffer): ArrayPlan | undefined {
  const n = b.length;
  let i = 0;
  while (i < n && isSpace(b[i] as number)) i++;
  if (b[i] !== OPEN_CURLY) return undefined;
  let depth = 0;
  let keys = 0;
  let keyStart = -1;
  let keyEnd = -1;
  let found: Omit<ArrayPlan, 'keys'> | undefined;
  for (; i < n; i++) {
    const c = b[i] as number;
    if (c === QUOTE) {
      const end = stringEnd(b, i);
      if (end < 0) return undefined;
      if (depth === 1) {
        let j = end + 1;
        while (j < n && isSpace(b[j] as number)) j++;
        if (b[j] === COLON) {
          keys++;
          keyStart = i;
          keyEnd = end + 1;
        }
      }
      i = end;
    } else if (c === OPEN_SQUARE && depth === 1) {
      const elements = arrayElements(b, i);
      if (!elements) return undefined;
      if (!found && elements.close - i >= ARRAY_MIN) {
        found = { keyStart, keyEnd, open: i, ...elements };
      }
      // The whole array is behind us, at the same depth.
      i = elements.close;
    } else if (c === OPEN_CURLY || c === OPEN_SQUARE) {
      depth++;
    } else if (c === CLOSE_CURLY || c === CLOSE_SQUARE) {
      depth--;
      if (depth === 0) break;
    }
  }
  return found && found.keyStart >= 0 ? { ...found, keys } : undefined;
}

/** The elements of the array whose `[` is at `open`, and its `]`; undefined if it never ends. */
function arrayElements(b: Buffer, open: number): { close: number; bounds: number[] } | undefined {
  const n = b.length;
  const bounds: number[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < n; i++) {
    const c = b[i] as number;
    if (c === QUOTE) {
      i = stringEnd(b, i);
      if (i < 0) return undefined;
    } else if (c === OPEN_CURLY || c === OPEN_SQUARE) {
      depth++;
    } else if (c === CLOSE_CURLY || c === CLOSE_SQUARE) {
      if (depth === 0) {
        if (c !== CLOSE_SQUARE) return undefined;
        bounds.push(start, i);
        return { close: i, bounds };
      }
      depth--;
    } else if (c === COMMA && depth === 0) {
      bounds.push(start, i);
      start = i + 1;
    }
  }
  return undefined;
}

/**
 * The quote that closes the string opened at `open`, or -1. A plain loop: strings in a row
 * are short, and a call to Buffer#indexOf per string cost more than the bytes it skipped.
 */
function stringEnd(b: Buffer, open: number): number {
  const n = b.length;
  for (let i = open + 1; i < n; i++) {
    const c = b[i] as number;
    if (c === QUOTE) return i;
    // An escape: the next byte is part of it, whatever it is (\" included).
    if (c === BACKSLASH) i++;
  }
  return -1;
}

/** The bytes [start, end) as a string (UTF-8; invalid bytes as U+FFFD, as a decoder does). */
function decode(b: Buffer, start: number, end: number): string {
  return b.toString('utf8', start, end);
}

/** Only JSON's whitespace between `start` and `end`. */
function isBlank(b: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(b[i] as number)) return false;
  return true;
}
