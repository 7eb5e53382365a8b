/**
 * Answers about orders kept between requests, as bytes: an LRU bounded by bytes, keyed by order
 * id and by a variant (the origin label URLs are made absolute with; '' where none applies).
 *
 * An order's answer is kept only while it cannot change by itself: not once a tracking refresh
 * of it is under way (its progress is read from the clock; the store says so, and it stays so).
 * Created orders never change; the list's rows are read afresh on every request, so an order
 * created since shows at once. Bytes, not strings: kept outside the V8 heap that every major
 * collection marks, and encoded once rather than on every write to a socket.
 */
import type { Order, OrderStore } from '../data/types';

interface Kept {
  variant: string;
  body: Buffer;
}

export class KeptAnswers {
  /** Map order is recency order: the first entry is the least recently served. */
  private readonly kept = new Map<number, Kept>();
  private bytes = 0;

  constructor(
    private readonly orders: OrderStore,
    private readonly maxBytes: number,
  ) {}

  /**
   * The kept answer for the order and variant, else `build`'s (kept when it may be); undefined
   * for an unknown order. The same Buffer comes back while it is kept: do not write into it.
   */
  get(id: number, variant: string, build: (order: Order) => Buffer): Buffer | undefined {
    const hit = this.kept.get(id);
    if (hit !== undefined) {
      this.forget(id);
      if (hit.variant === variant && !this.orders.changesWithTime(id)) {
        this.keep(id, hit);
        return hit.body;
      }
    }
    const order = this.orders.get(id);
    if (order === undefined) return undefined;
    const body = build(order);
    if (!this.orders.changesWithTime(id)) this.keep(id, { variant, body });
    return body;
  }

  /** Answers kept and their size in bytes (for tests and the sandbox bench). */
  stats(): { orders: number; bytes: number } {
    return { orders: this.kept.size, bytes: this.bytes };
  }

  private keep(id: number, entry: Kept): void {
    const size = entry.body.length;
    if (size > this.maxBytes) return;
    this.kept.set(id, entry);
    this.bytes += size;
    // Only when over the bound: a Map's iterator walks past the slots of deleted entries, and a
    // hit deletes and sets its entry again, so starting one on every hit walked thousands of
    // them each time (most of an export's CPU from kept rows).
    if (this.bytes <= this.maxBytes) return;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(id: number): void {
    const entry = this.kept.get(id);
    if (entry === undefined) return;
    this.kept.delete(id);
    this.bytes -= entry.body.length;
  }
}
