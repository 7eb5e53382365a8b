/**
 * A plain-array list (shipments, tracking events) read as it arrives: the body is split into
 * its elements as they complete (json-array-elements.ts), each element is checked alone
 * against its schema (a bad one is set aside and named, as tolerant pages do), and the rows
 * wait here until the renderer reads them (`read`, a long poll: it answers as soon as enough
 * rows are waiting, the stream ends, or a moment passes). Rows already read are let go, so
 * the main process holds only what the renderer has not taken yet, never the whole list twice.
 */

import type { ListChunk, RejectedRow } from '@shared/contract/values';
import type { ValidateFunction } from 'ajv';
import { badResponse, cancelledFailure } from '../api/api-errors';
import { numberProblem } from '../api/number-check';
import { plainProblem, readableId } from '../api/page-check';
import { BridgeFailure, isBridgeFailure } from '../failure';
import { JsonArrayElements } from './json-array-elements';

/**
 * The first chunk is a screenful or two: handed over as soon as this many rows are in, so the
 * person sees rows while the parser is still at the start of the list (waiting for 2,000 rows
 * cost 100-200 ms more before the first paint, measured in `npm run bench -- ui-grids`)…
 */
export const FIRST_CHUNK_ROWS = 100;
/** …or after this long, whichever comes first. */
export const CHUNK_WAIT_MS = 100;
/** The chunks after it hold at least this many rows… */
export const CHUNK_ROWS = 2000;
/**
 * …and grow with the list (half of what was read so far, or after LATER_WAIT_MS): the grid
 * sorts and filters everything it holds at each chunk, so a 100,000-row list arrives in a few
 * dozen chunks (35-39 measured) rather than one per 2,000 rows.
 */
const LATER_WAIT_MS = 400;

/** Rows worth handing over once `base` rows have been read. */
const wantedAfter = (base: number) =>
  base === 0 ? FIRST_CHUNK_ROWS : Math.max(CHUNK_ROWS, Math.floor(base / 2));
/** At most this many rows in one answer. */
const MAX_CHUNK_ROWS = 50_000;

export interface ListStreamSource {
  body: ReadableStream<Uint8Array>;
  /** Content-Length, when the service sent one. */
  length: number | undefined;
  /**
   * What a failure while reading this body means, where the source knows better than "the
   * connection broke off" or "not valid JSON": a copy kept on disk was a whole list when kept,
   * so any failure reading it back (a harmed file's bytes can gunzip to junk that the parser
   * trips on before gunzip sees the damage) is the copy's damage, which the renderer answers
   * by reading the service again. Not asked when the list was stopped or cancelled.
   */
  failure?: (error: unknown) => BridgeFailure;
}

export interface ListStreamOptions {
  /** Checks one element; its errors name what was wrong. */
  validate: ValidateFunction;
  /** Checks one element's numbers (number-bounds.ts), as the pages' readings do. */
  numbers: ValidateFunction;
  /** The element's id field, for naming a rejected one. */
  idKey: string;
  /** What of each element that passed the check is kept and handed on (all when left out). */
  project?: (value: unknown) => unknown;
  /** What the list holds, in words, for the message of a broken stream ("shipments"). */
  what: string;
  /** Called with each raw piece of the body as it arrives (the kept copy, list-cache.ts). */
  onBytes?: (piece: Uint8Array) => void;
  /** Called once when the body has been read: whole and valid (true), or not (false). */
  onEnd?: (complete: boolean) => void;
  /**
   * Elements at the head of the array that are passed over (a resumed list, whose first
   * elements the renderer already holds): the API has no paging on this list, so the bytes
   * still come; only the rows after them are checked and handed over, numbered from 0.
   */
  skip?: number;
}

export class ListStream<T> {
  /** Rows not yet read; `base` is the place of waiting[0] in the whole list. */
  private waiting: T[] = [];
  private base = 0;
  private setAside: RejectedRow[] = [];
  private bytes = 0;
  private done = false;
  /** A person stopped the list (stop()): no failure, no more rows. */
  private stopped = false;
  private failure: BridgeFailure | undefined;
  private wake: (() => void) | undefined;
  /** When the last read came: idle streams are dropped (list-streams.ts). */
  lastTouched = Date.now();

  constructor(
    private readonly source: ListStreamSource,
    private readonly options: ListStreamOptions,
  ) {}

  get finished(): boolean {
    return this.done;
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Reads the whole body; never throws (a failure is kept and given to the next read). */
  async pump(signal: AbortSignal): Promise<void> {
    const parser = new JsonArrayElements(
      (value, index) => this.take(value, index),
      () => badResponse(`not a list of ${this.options.what}`),
    );
    const reader = this.source.body.getReader();
    // An abort ends a read already waiting for bytes, not only the next one (a stopped list
    // must not take another byte: its connection is let go at once).
    const cancel = () => void reader.cancel().catch(() => {});
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        if (signal.aborted) throw cancelledFailure();
        const { done, value } = await reader.read();
        // A body cut short by the abort is not a whole list (never kept as one).
        if (signal.aborted) throw cancelledFailure();
        if (done) break;
        this.bytes += value.byteLength;
        this.options.onBytes?.(value);
        parser.write(value);
        if (this.waiting.length >= wantedAfter(this.base)) this.notify();
      }
      parser.end();
      this.options.onEnd?.(true);
    } catch (error) {
      await reader.cancel().catch(() => {});
      const named = signal.aborted ? undefined : this.source.failure;
      this.failure = named ? named(error) : this.asFailure(error);
      this.options.onEnd?.(false);
    }
    signal.removeEventListener('abort', cancel);
    this.done = true;
    this.notify();
  }

  /**
   * The rows from `from` on, once enough are waiting (or the list ended, or CHUNK_WAIT_MS
   * passed). Rows before `from` have been taken and are let go. A broken list answers its
   * failure once every row before the break has been read.
   */
  async read(from: number): Promise<ListChunk<T>> {
    this.lastTouched = Date.now();
    if (from < this.base) {
      throw new BridgeFailure(
        'invalid_arguments',
        'Those rows were already read; start the list again.',
      );
    }
    this.waiting.splice(0, Math.min(from - this.base, this.waiting.length));
    this.base = Math.max(this.base, from);
    if (!this.done && this.waiting.length < wantedAfter(this.base)) {
      await this.waitForRows(this.base === 0 ? CHUNK_WAIT_MS : LATER_WAIT_MS);
    }
    if (this.failure && this.waiting.length === 0) throw this.failure;
    const rows = this.waiting.slice(0, MAX_CHUNK_ROWS);
    const setAside = this.setAside;
    this.setAside = [];
    return {
      rows,
      from: this.base,
      loaded: this.base + this.waiting.length,
      setAside,
      bytes: this.bytes,
      ...(this.source.length === undefined ? {} : { totalBytes: this.source.length }),
      done: this.done && !this.failure && rows.length === this.waiting.length,
    };
  }

  /**
   * Ends the list here, by a person's choice: the rows still waiting are handed over with
   * `stopped`, and none after them (the caller aborts the request, list-streams.ts).
   */
  stop(from: number): ListChunk<T> {
    this.lastTouched = Date.now();
    // The whole list came before the stop: its last rows are the list's end, not a stop.
    const whole = this.done && !this.failure;
    this.stopped = !whole;
    this.waiting.splice(0, Math.max(0, Math.min(from - this.base, this.waiting.length)));
    this.base = Math.max(this.base, from);
    const rows = this.waiting;
    this.waiting = [];
    const setAside = this.setAside;
    this.setAside = [];
    this.notify();
    return {
      rows,
      from: this.base,
      loaded: this.base + rows.length,
      setAside,
      bytes: this.bytes,
      ...(this.source.length === undefined ? {} : { totalBytes: this.source.length }),
      done: whole,
      ...(whole ? {} : { stopped: true }),
    };
  }

  private take(value: unknown, at: number): void {
    if (this.stopped) return;
    const skip = this.options.skip ?? 0;
    if (at < skip) return;
    const index = at - skip;
    const valid = this.options.validate(value);
    // A number no row can mean (1e999, an id past 2^53) sets the row aside like a bad field.
    const badNumber = valid ? numberProblem(this.options.numbers, value) : undefined;
    if (valid && !badNumber) {
      const { project } = this.options;
      this.waiting.push((project ? project(value) : value) as T);
      return;
    }
    this.setAside.push({
      index,
      id: readableId(value, this.options.idKey),
      problem: badNumber ?? plainProblem(this.options.validate.errors?.[0], value),
    });
  }

  private waitForRows(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.notify(), ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private asFailure(error: unknown): BridgeFailure {
    if (isBridgeFailure(error)) return error;
    const got = (this.base + this.waiting.length).toLocaleString('en-US');
    // A parser error (the body is not one JSON array) is the service's fault; anything else
    // while reading is the connection breaking off.
    if (error instanceof SyntaxError) {
      return new BridgeFailure(
        'bad_response',
        `The service's list of ${this.options.what} was not valid JSON after ${got} of them.`,
      );
    }
    return new BridgeFailure(
      'network',
      `The connection broke off after ${got} ${this.options.what}. Try again.`,
    );
  }
}
