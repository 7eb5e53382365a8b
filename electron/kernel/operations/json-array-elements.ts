/**
 * The elements of one JSON array, each handed on as soon as its last byte has arrived: the
 * shipments and tracking-event lists are one plain array of up to hundreds of megabytes, read
 * as they arrive (list-stream.ts).
 *
 * Hand-written on purpose. @streamparser/json, which this replaced, tokenises every string,
 * number and key in JavaScript: it read the sandbox's 168 MB shipments list at about 10 MB/s
 * here, so the list took twice as long to reach the grid as downloading and parsing the same
 * bytes (`npm run bench -- ui-grids`). This only finds where each element ends (quotes,
 * escapes and brackets, byte by byte) and leaves each element to the engine's own JSON.parse,
 * several times faster (json-array-elements.test.ts compares the two on the same bytes). What
 * it accepts is exactly what JSON.parse accepts of each element, plus the array's own
 * brackets, commas and whitespace; anything else ends the list with a SyntaxError.
 *
 * Its cost beside the parse (issue 34: the grid's time to all rows against downloading and
 * parsing the list): a profile of the console opening 99,385 shipments had this scan at 2.0 s
 * of CPU and the elements' decode and parse at 2.0 s. The scan now passes over a string's
 * content and an element's non-structural bytes in tight loops (state in locals, a byte table),
 * and a piece's whole elements are parsed by one JSON.parse as one array: 32.6 MB of
 * shipment-like JSON in 64 kB pieces took 0.57-0.61 s before, 0.37-0.46 s after, against
 * 0.29-0.52 s for JSON.parse of the whole text (one Node, 5 rounds each).
 */

import {
  BACKSLASH,
  CLOSE_CURLY,
  CLOSE_SQUARE,
  COMMA,
  isSpace,
  OPEN_CURLY,
  OPEN_SQUARE,
  QUOTE,
} from '../api/json-bytes';

/** 1 for the bytes that matter inside an element outside strings: a quote and the brackets. */
const STRUCTURE = new Uint8Array(256);
for (const c of [QUOTE, OPEN_CURLY, CLOSE_CURLY, OPEN_SQUARE, CLOSE_SQUARE]) STRUCTURE[c] = 1;

export class JsonArrayElements {
  private state: 'before' | 'inside' | 'after' = 'before';
  /** Nesting inside the current element (0: between elements or in a scalar). */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Something other than whitespace since the last comma (the element has begun). */
  private begun = false;
  /** An object or array element has closed and been handed on: a comma or "]" must follow. */
  private complete = false;
  /** A comma came, so an element must follow. */
  private afterComma = false;
  /** The current element's bytes from earlier pieces. */
  private carried: Uint8Array[] = [];
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private count = 0;
  /**
   * The piece's whole elements not handed on yet, as start and end offsets: parsed together by
   * one JSON.parse at the piece's end (flush), not one call each.
   */
  private readonly batch: number[] = [];

  constructor(
    private readonly onElement: (value: unknown, index: number) => void,
    /** The error for a body that is JSON but not an array ("not a list of shipments"). */
    private readonly notAList: () => Error,
  ) {}

  get ended(): boolean {
    return this.state === 'after';
  }

  write(piece: Uint8Array): void {
    try {
      this.scan(piece);
    } catch (error) {
      // The elements whole before the fault are handed on first: they came before it.
      this.flush(piece);
      throw error;
    }
    this.flush(piece);
  }

  private scan(piece: Uint8Array): void {
    const n = piece.length;
    let i = 0;
    if (this.state === 'before') i = this.skipToArray(piece);
    let start = i;
    // The scanner's state in locals while the piece is read (stored back at its end): this
    // loop sees every byte of lists of hundreds of megabytes, and the bytes that decide
    // nothing (a string's content; inside an element, anything but quotes and brackets) are
    // passed over by tight inner loops.
    let { depth, inString, escaped } = this;
    while (i < n) {
      if (inString) {
        if (escaped) {
          escaped = false;
          i += 1;
          continue;
        }
        let c = piece[i] as number;
        while (c !== QUOTE && c !== BACKSLASH) {
          i += 1;
          if (i === n) break;
          c = piece[i] as number;
        }
        if (i === n) break;
        if (c === BACKSLASH) escaped = true;
        else inString = false;
        i += 1;
        continue;
      }
      if (depth > 0) {
        // Inside an element, outside strings: only quotes and brackets change anything (the
        // element's own syntax is JSON.parse's to check when it is handed on).
        let c = piece[i] as number;
        while (STRUCTURE[c] === 0) {
          i += 1;
          if (i === n) break;
          c = piece[i] as number;
        }
        if (i === n) break;
        if (c === QUOTE) inString = true;
        else if (c === OPEN_CURLY || c === OPEN_SQUARE) depth += 1;
        else {
          depth -= 1;
          if (depth === 0) {
            // An object or array element is whole at its closing bracket: handed on with the
            // piece's other whole ones (flush), or now when it began in an earlier piece.
            if (this.carried.length === 0) this.batch.push(start, i + 1);
            else {
              this.flush(piece);
              this.emit(piece.subarray(start, i + 1));
            }
            this.carried = [];
            this.complete = true;
            start = i + 1;
          }
        }
        i += 1;
        continue;
      }
      const c = piece[i] as number;
      i += 1;
      if (this.state === 'after') {
        if (!isSpace(c)) throw new SyntaxError('Unexpected data after the end of the JSON list');
        continue;
      }
      if (c === COMMA || c === CLOSE_SQUARE) {
        // The end of an element, or of the list: a scalar is the text since the last comma.
        if (this.complete) {
          // Handed on at its closing bracket already.
        } else if (this.begun) {
          this.flush(piece);
          this.emit(piece.subarray(start, i - 1));
        } else if (this.afterComma || c === COMMA) {
          throw new SyntaxError('Unexpected "," or "]" in the JSON list');
        }
        this.carried = [];
        this.begun = false;
        this.complete = false;
        this.afterComma = c === COMMA;
        if (c === CLOSE_SQUARE) this.state = 'after';
        start = i;
        continue;
      }
      if (isSpace(c)) continue;
      if (this.complete) throw new SyntaxError('Expected "," or "]" after an element');
      if (c === QUOTE) inString = true;
      else if (c === OPEN_CURLY || c === OPEN_SQUARE) depth += 1;
      else if (c === CLOSE_CURLY) throw new SyntaxError('Unexpected "}" in the JSON list');
      this.begun = true;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    if (this.state === 'inside' && start < n) {
      // The element goes on in the next piece: keep a copy (the caller may reuse the buffer).
      this.carried.push(piece.slice(start));
    }
  }

  /** The body has ended: throws if the list did not. */
  end(): void {
    if (this.state !== 'after') throw new SyntaxError('Unexpected end of the JSON list');
  }

  /**
   * Skips whitespace (and a byte-order mark at a piece's start) before the list; returns
   * where the list's first byte after "[" is.
   */
  private skipToArray(piece: Uint8Array): number {
    let i = 0;
    if (piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) i = 3;
    for (; i < piece.length; i++) {
      const c = piece[i] as number;
      if (isSpace(c)) continue;
      if (c !== OPEN_SQUARE) throw this.notAList();
      this.state = 'inside';
      return i + 1;
    }
    return i;
  }

  /**
   * Hands on the piece's whole elements gathered in `batch`, in order: parsed as one JSON array
   * of their bytes (what lies between them is commas and whitespace), or, if that fails, one by
   * one, so the first bad element throws as it would alone, after the good ones before it.
   */
  private flush(piece: Uint8Array): void {
    if (this.batch.length === 0) return;
    const ranges = this.batch.splice(0);
    let values: unknown[] | undefined;
    if (ranges.length > 2) {
      try {
        const text = this.decoder.decode(piece.subarray(ranges[0], ranges[ranges.length - 1]));
        values = JSON.parse(`[${text}]`) as unknown[];
      } catch {
        values = undefined;
      }
    }
    if (values?.length === ranges.length / 2) {
      for (const value of values) {
        this.onElement(value, this.count);
        this.count += 1;
      }
      return;
    }
    for (let k = 0; k < ranges.length; k += 2) {
      this.emit(piece.subarray(ranges[k], ranges[k + 1]), []);
    }
  }

  /** Hands on one element: `carried` (its bytes from earlier pieces, if any), then `tail`. */
  private emit(tail: Uint8Array, carried: readonly Uint8Array[] = this.carried): void {
    const bytes = carried.length === 0 ? tail : concat([...carried, tail]);
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      throw new SyntaxError('The JSON list is not valid UTF-8');
    }
    const value: unknown = JSON.parse(text);
    this.onElement(value, this.count);
    this.count += 1;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
