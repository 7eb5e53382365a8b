import { describe, expect, it } from 'vitest';
import { type RowPool, readingOrder, slotOf, slotOrder } from './row-slots';

const items = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ index: from + i }));

describe('row slots', () => {
  it('gives the rows in view distinct slots, the same for a row while it stays in view', () => {
    const pool: RowPool = { size: 0 };
    const first = slotOrder(items(0, 30), pool);
    expect(pool.size).toBe(30);
    expect(first.map((i) => i.index)).toEqual(items(0, 30).map((i) => i.index));
    // Ten rows on: rows 10-29 keep their slots, 30-39 take the slots 0-9 left.
    const next = slotOrder(items(10, 40), pool);
    expect(next.map((i) => slotOf(i.index, pool))).toEqual(items(0, 30).map((i) => i.index));
    expect(next.slice(0, 10).map((i) => i.index)).toEqual(items(30, 40).map((i) => i.index));
    expect(slotOf(15, pool)).toBe(15);
  });

  it('grows the pool for a larger range, never shrinks it', () => {
    const pool: RowPool = { size: 0 };
    slotOrder(items(0, 20), pool);
    slotOrder(items(0, 32), pool);
    slotOrder(items(5, 15), pool);
    expect(pool.size).toBe(32);
    const slots = slotOrder(items(100, 132), pool).map((i) => slotOf(i.index, pool));
    expect(new Set(slots).size).toBe(32);
  });

  it('reads the rows in their own order whatever the slot order', () => {
    const pool: RowPool = { size: 4 };
    const drawn = slotOrder(items(6, 10), pool);
    expect(drawn.map((i) => i.index)).toEqual([8, 9, 6, 7]);
    expect(readingOrder(drawn, pool, (slot) => `r${slot}`)).toBe('r2 r3 r0 r1');
  });
});
