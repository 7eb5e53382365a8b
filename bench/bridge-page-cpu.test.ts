/**
 * The page CPU measure takes its kinds in turns whose order changes, so no kind always pays
 * for the garbage of the same neighbour (bridge-page-cpu.ts, issue 34).
 */
import { describe, expect, it } from 'vitest';
import { roundOrder } from './bridge-page-cpu-child';

describe('the order of the page CPU measures', () => {
  it('measures every kind once a round, each first and after each other equally often', () => {
    const kinds = ['bareGet', 'parseOnly', 'shipped', 'stringify'];
    const after = new Map<string, number>();
    const first = new Map<string, number>();
    for (let r = 0; r < 8; r++) {
      const order = roundOrder(r);
      expect([...order].sort()).toEqual(kinds);
      first.set(order[0] as string, (first.get(order[0] as string) ?? 0) + 1);
      for (let i = 1; i < order.length; i++) {
        const pair = `${order[i - 1]}>${order[i]}`;
        after.set(pair, (after.get(pair) ?? 0) + 1);
      }
    }
    expect(after.size).toBe(12);
    expect(new Set(after.values())).toEqual(new Set([2]));
    expect([...first.values()]).toEqual([2, 2, 2, 2]);
  });
});
