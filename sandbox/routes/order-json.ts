/**
 * Served orders as JSON text, kept for the next request that lists them: an LRU bounded by
 * bytes. Building a 500-order page (replanning and materialising every order, then
 * stringifying it) took 60-80 ms of the sandbox's one event loop, and every other station's
 * request waited behind it; a real service serves them side by side. With the texts kept, a
 * page already served once is joined in a few milliseconds.
 *
 * An order's text is kept only while it cannot change by itself: not once a tracking refresh
 * of it is under way (its progress is read from the clock). Created orders never change.
 * Keeping a text is not caching a match: which rows a filter matches is still decided afresh
 * on every request (order-views.ts).
 */
import type { OrderStore } from '../data/types';
import { EventLoopSlices } from '../server/event-loop-slices';
import type { Page } from '../server/pagination';
import { servedOrder } from './order-views';

/** About 40,000 orders of 3 KB: every order of a scale-10 sandbox, a fifth of scale 100. */
const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

interface Kept {
  origin: string;
  text: string;
}

export class OrderJson {
  /** Map order is recency order: the first entry is the least recently served. */
  private readonly kept = new Map<number, Kept>();
  private bytes = 0;

  constructor(
    private readonly orders: OrderStore,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /** The order as served to `origin` (label URLs made absolute), as JSON; undefined if unknown. */
  text(id: number, origin: string): string | undefined {
    const hit = this.kept.get(id);
    if (hit !== undefined) {
      this.forget(id);
      if (hit.origin === origin && !this.orders.changesWithTime(id)) {
        this.keep(id, hit);
        return hit.text;
      }
    }
    const order = this.orders.get(id);
    if (order === undefined) return undefined;
    const text = JSON.stringify(servedOrder(order, origin));
    if (!this.orders.changesWithTime(id)) this.keep(id, { origin, text });
    return text;
  }

  /**
   * The texts of `ids` (unknown ones left out), handing the event loop back between slices:
   * a page of orders never served before takes 60-120 ms to build.
   */
  async texts(ids: readonly number[], origin: string): Promise<string[]> {
    const slices = new EventLoopSlices();
    const texts: string[] = [];
    for (const id of ids) {
      const text = this.text(id, origin);
      if (text !== undefined) texts.push(text);
      await slices.breath();
    }
    return texts;
  }

  /** Texts kept and their size (for tests and the sandbox bench). */
  stats(): { orders: number; bytes: number } {
    return { orders: this.kept.size, bytes: this.bytes };
  }

  private keep(id: number, entry: Kept): void {
    // UTF-16 code units: what the strings hold, near enough to bytes for a bound.
    const size = entry.text.length;
    if (size > this.maxBytes) return;
    this.kept.set(id, entry);
    this.bytes += size;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(id: number): void {
    const entry = this.kept.get(id);
    if (entry === undefined) return;
    this.kept.delete(id);
    this.bytes -= entry.text.length;
  }
}

/**
 * A page whose results are JSON texts, as the JSON text JSON.stringify would give for the
 * same page of objects (same keys, same order, no spaces).
 */
export function pageJson(page: Page<string>): string {
  const head = JSON.stringify({ count: page.count, next: page.next, previous: page.previous });
  return `${head.slice(0, -1)},"results":[${page.results.join(',')}]}`;
}
