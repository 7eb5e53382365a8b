/**
 * The orders export from rows kept between exports (kept-answers.ts), as bytes. An export of
 * 20,000 orders planned, built and wrote every order again: about 2 s of the sandbox's one
 * core, in 5 ms slices, while a stations floor's scans waited their turn between the slices.
 * With the rows kept, an export already made once is copied out in chunks. The bytes are the
 * streamed CSV's (documents/csv.ts writes each row the same way, and a test compares them).
 */
import { Readable } from 'node:stream';
import type { OrderStore } from '../data/types';
import { ORDER_CSV_HEADER, orderCsvRecord } from '../documents/csv';
import { EventLoopSlices } from '../server/event-loop-slices';
import { KeptAnswers } from './kept-answers';

/** About 180,000 rows of 350 bytes: every order of a scale-10 sandbox, most of scale 100. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Bytes gathered before a chunk goes to the socket (fewer, larger writes). */
const CHUNK_BYTES = 64 * 1024;
const HEADER = Buffer.from(ORDER_CSV_HEADER, 'utf8');

export class OrderCsv {
  private readonly kept: KeptAnswers;

  constructor(orders: OrderStore, maxBytes = DEFAULT_MAX_BYTES) {
    this.kept = new KeptAnswers(orders, maxBytes);
  }

  /** The order's row with its CRLF, as UTF-8; undefined if unknown. No URL: one per order. */
  row(id: number): Buffer | undefined {
    return this.kept.get(id, '', (order) => Buffer.from(orderCsvRecord(order), 'utf8'));
  }

  /**
   * The export of `ids` in that order: the header, then the rows in chunks, handing the event
   * loop back between slices and read only as fast as the client takes it (a client gone stops
   * it at the next chunk).
   */
  export(ids: Iterable<number>): Readable {
    const rows = (id: number) => this.row(id);
    async function* chunks(): AsyncGenerator<Buffer> {
      const slices = new EventLoopSlices();
      let chunk: Buffer[] = [HEADER];
      let size = HEADER.length;
      for (const id of ids) {
        const row = rows(id);
        if (row === undefined) continue;
        chunk.push(row);
        size += row.length;
        if (size >= CHUNK_BYTES) {
          yield Buffer.concat(chunk, size);
          chunk = [];
          size = 0;
        }
        if (slices.due()) await slices.breath();
      }
      if (chunk.length > 0) yield Buffer.concat(chunk, size);
    }
    return Readable.from(chunks());
  }

  /** Rows kept and their size in bytes (for tests). */
  stats(): { orders: number; bytes: number } {
    return this.kept.stats();
  }
}
