/**
 * Served orders as UTF-8 JSON bytes, kept for the next request that lists them: an LRU bounded
 * by bytes. Building a 500-order page (replanning and materialising every order, then
 * stringifying it) took 60-80 ms of the sandbox's one event loop, and every other station's
 * request waited behind it; a real service serves them side by side. With the answers kept, a
 * page already served once is copied together in about a millisecond.
 *
 * Bytes, not strings: most orders hold a character outside Latin-1 (a name, a city), so a page
 * joined from strings was a two-byte string of ~3.5 MB that was then scanned for its UTF-8
 * length and encoded again for the socket: 45-60 ms of CPU per 500-order page even with every
 * order's text kept, and the kept strings (~130 MB at scale 10) sat in the V8 heap that every
 * major collection marks. Kept as Buffers (outside the heap, encoded once) a page is one
 * memcpy, its Content-Length the sum of the lengths; the bytes sent are the same.
 *
 * What is kept and for how long: kept-answers.ts. Keeping an answer is not caching a match:
 * which rows a filter matches is still decided afresh on every request (order-views.ts).
 */
import type { OrderStore } from '../data/types';
import { EventLoopSlices } from '../server/event-loop-slices';
import type { Page } from '../server/pagination';
import { KeptAnswers } from './kept-answers';
import { servedOrder } from './order-views';
import type { ReusedBuffers } from './reused-buffers';

/** About 40,000 orders of 3.5 KB: every order of a scale-10 sandbox, a fifth of scale 100. */
const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

export class OrderJson {
  private readonly kept: KeptAnswers;

  constructor(orders: OrderStore, maxBytes = DEFAULT_MAX_BYTES) {
    this.kept = new KeptAnswers(orders, maxBytes);
  }

  /**
   * The order as served to `origin` (label URLs made absolute): its JSON text's UTF-8 bytes;
   * undefined if unknown. The same Buffer comes back while it is kept: do not write into it.
   */
  body(id: number, origin: string): Buffer | undefined {
    return this.kept.get(id, origin, (order) =>
      Buffer.from(JSON.stringify(servedOrder(order, origin)), 'utf8'),
    );
  }

  /**
   * The answers of `ids` (unknown ones left out), handing the event loop back between slices:
   * a page of orders never served before takes 60-120 ms to build.
   */
  async bodies(ids: readonly number[], origin: string): Promise<Buffer[]> {
    const slices = new EventLoopSlices();
    const bodies: Buffer[] = [];
    for (const id of ids) {
      const body = this.body(id, origin);
      if (body !== undefined) bodies.push(body);
      if (slices.due()) await slices.breath();
    }
    return bodies;
  }

  /** Answers kept and their size in bytes (for tests and the sandbox bench). */
  stats(): { orders: number; bytes: number } {
    return this.kept.stats();
  }
}

const COMMA = Buffer.from(',');
const TAIL = Buffer.from(']}');

/**
 * A page whose results are JSON bytes, as the UTF-8 bytes of the text JSON.stringify would give
 * for the same page of objects (same keys, same order, no spaces), copied once into one buffer:
 * a new one, or the start of one from `into` (reused-buffers.ts), then `{ body, whole }` tells
 * which buffer to hand back once the answer has been sent.
 */
export function pageBody(page: Page<Buffer>): Buffer;
export function pageBody(page: Page<Buffer>, into: ReusedBuffers): { body: Buffer; whole: Buffer };
export function pageBody(
  page: Page<Buffer>,
  into?: ReusedBuffers,
): Buffer | { body: Buffer; whole: Buffer } {
  const head = JSON.stringify({ count: page.count, next: page.next, previous: page.previous });
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)},"results":[`, 'utf8')];
  page.results.forEach((result, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(result);
  });
  parts.push(TAIL);
  if (!into) return Buffer.concat(parts);
  let size = 0;
  for (const part of parts) size += part.length;
  const whole = into.take(size);
  let at = 0;
  for (const part of parts) at += part.copy(whole, at);
  return { body: whole.subarray(0, size), whole };
}
