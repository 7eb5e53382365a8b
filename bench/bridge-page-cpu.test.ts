/**
 * The page CPU measure takes its four kinds in turns whose order changes, so no kind always
 * pays for the garbage of the same neighbour (bridge-page-cpu.ts, issue 34).
 */
import { describe, expect, it } from 'vitest';
import { roundOrder } from './bridge-page-cpu';

describe('the order of the page CPU measures', () => {
  it('measures every kind once a round, each after each other kind equally often', () => {
    const after = new Map<string, number>();
    for (let r = 0; r < 24; r++) {
      const order = roundOrder(r);
      expect([...order].sort()).toEqual(['ipc', 'parseOnly', 'shipped', 'stringify']);
      for (let i = 1; i < order.length; i++) {
        const pair = `${order[i - 1]}>${order[i]}`;
        after.set(pair, (after.get(pair) ?? 0) + 1);
      }
    }
    expect(after.size).toBe(12);
    expect(new Set(after.values())).toEqual(new Set([6]));
  });
});
