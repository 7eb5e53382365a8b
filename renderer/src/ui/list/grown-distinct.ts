/**
 * The distinct values of one field over a list that grows chunk by chunk (a streamed list's
 * carriers, for its filter's menu): a list that begins with the one seen last is read from
 * where that one ended, so a chunk costs its own rows, not a pass over everything held (the
 * shipments view read all 100,000 rows at every chunk). Any other list is read whole.
 */
import { useState } from 'react';
import { extendsList } from './row-orders';

export class GrownDistinct<T> {
  private rows: readonly T[] = [];
  private seen = new Set<string>();
  private sorted: string[] = [];

  constructor(private readonly value: (row: T) => string) {}

  /** The distinct values, sorted, without blanks; the same array while none is new. */
  of(rows: readonly T[]): string[] {
    if (rows === this.rows) return this.sorted;
    const from = extendsList(this.rows, rows) ? this.rows.length : 0;
    if (from === 0) {
      this.seen = new Set();
      this.sorted = [];
    }
    let added = false;
    for (let i = from; i < rows.length; i++) {
      const v = this.value(rows[i] as T);
      if (v !== '' && !this.seen.has(v)) {
        this.seen.add(v);
        added = true;
      }
    }
    this.rows = rows;
    if (added || from === 0) this.sorted = [...this.seen].sort();
    return this.sorted;
  }
}

/** GrownDistinct for a view: one per mounted view, read while rendering. */
export function useGrownDistinct<T>(rows: readonly T[], value: (row: T) => string): string[] {
  const [distinct] = useState(() => new GrownDistinct(value));
  return distinct.of(rows);
}
