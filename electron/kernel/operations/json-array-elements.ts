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

  constructor(
    private readonly onElement: (value: unknown, index: number) => void,
    /** The error for a body that is JSON but not an array ("not a list of shipments"). */
    private readonly notAList: () => Error,
  ) {}

  get ended(): boolean {
    return this.state === 'after';
  }

  write(piece: Uint8Array): void {
    let i = 0;
    if (this.state === 'before') i = this.skipToArray(piece);
    let start = i;
    for (; i < piece.length; i++) {
      const c = piece[i] as number;
      if (this.state === 'after') {
        if (!isSpace(c)) throw new SyntaxError('Unexpected data after the end of the JSON list');
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (this.depth === 0 && (c === COMMA || c === CLOSE_SQUARE)) {
        // The end of an element, or of the list: a scalar is the text since the last comma.
        if (this.complete) {
          // Handed on at its closing bracket already.
        } else if (this.begun) this.emit(piece.subarray(start, i));
        else if (this.afterComma || c === COMMA) {
          throw new SyntaxError('Unexpected "," or "]" in the JSON list');
        }
        this.carried = [];
        this.begun = false;
        this.complete = false;
        this.afterComma = c === COMMA;
        if (c === CLOSE_SQUARE) this.state = 'after';
        start = i + 1;
        continue;
      }
      if (isSpace(c)) continue;
      if (this.complete) throw new SyntaxError('Expected "," or "]" after an element');
      if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_CURLY || c === OPEN_SQUARE) {
        this.depth += 1;
      } else if ((c === CLOSE_CURLY || c === CLOSE_SQUARE) && this.depth > 0) {
        this.depth -= 1;
        if (this.depth === 0) {
          // An object or array element is whole at its closing bracket: hand it on now.
          this.emit(piece.subarray(start, i + 1));
          this.carried = [];
          this.complete = true;
          start = i + 1;
          continue;
        }
      } else if (c === CLOSE_CURLY) {
        throw new SyntaxError('Unexpected "}" in the JSON list');
      }
      this.begun = true;
    }
    if (this.state === 'inside' && start < piece.length) {
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

  private emit(tail: Uint8Array): void {
    const bytes = this.carried.length === 0 ? tail : concat([...this.carried, tail]);
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
