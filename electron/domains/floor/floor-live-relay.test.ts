/**
 * The floor's changes told to the screens: the right screen topic for each floor topic, one
 * tell per burst (the first at once, one more at the window's end if more came), never another
 * account's changes, and nothing after it is stopped. Fake timers: the window is a clock's.
 */
import type { FloorTopic } from '@shared/contract/values';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relayFloorChanges } from './floor-live-relay';
import type { FloorEvent } from './floor-types';

function fakeFloor() {
  const subscribers = new Map<string, Set<(event: FloorEvent) => void>>();
  return {
    subscribe(topic: string, fn: (event: FloorEvent) => void) {
      const set = subscribers.get(topic) ?? new Set();
      set.add(fn);
      subscribers.set(topic, set);
      return () => set.delete(fn);
    },
    /** Delivers as FloorEvents does: `pack.*` hears every `pack.` topic. */
    notice(topic: string, payload: unknown = {}) {
      for (const [sub, fns] of subscribers) {
        const match = sub.endsWith('.*') ? topic.startsWith(sub.slice(0, -1)) : sub === topic;
        if (match) for (const fn of fns) fn({ id: 0, topic, station: null, payload });
      }
    },
    listening: () => [...subscribers.values()].reduce((n, set) => n + set.size, 0),
  };
}

let told: FloorTopic[];
let floor: ReturnType<typeof fakeFloor>;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  told = [];
  floor = fakeFloor();
  stop = relayFloorChanges({
    subscribe: floor.subscribe,
    account: () => 'acct-1',
    tell: (topic) => told.push(topic),
    coalesceMs: 250,
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('relayFloorChanges', () => {
  it('a claim, a pack, a station or a conflict makes the Floor view stale; a batch the print queue too', () => {
    floor.notice('pack.pack_claims', { table: 'pack_claims', account: 'acct-1', orderId: 7 });
    expect(told).toEqual(['overview']);
    vi.advanceTimersByTime(250);
    floor.notice('work.batches', { key: 'b1', account: 'acct-1' });
    expect(told).toEqual(['overview', 'overview', 'batches']);
    vi.advanceTimersByTime(250);
    floor.notice('station.changed', { station: 'st-2' });
    vi.advanceTimersByTime(250);
    floor.notice('floor.conflict', { orderId: 9 });
    expect(told).toEqual(['overview', 'overview', 'batches', 'overview', 'overview']);
  });

  it('a burst of notices is one tell at once and one at the end of the window', () => {
    for (let i = 0; i < 50; i++) {
      floor.notice('pack.pack_log', { table: 'pack_log', account: 'acct-1', orderId: i });
    }
    expect(told).toEqual(['overview']);
    vi.advanceTimersByTime(249);
    expect(told).toEqual(['overview']);
    vi.advanceTimersByTime(1);
    expect(told).toEqual(['overview', 'overview']);
    // Quiet since: the window after the second tell closes with nothing more.
    vi.advanceTimersByTime(1000);
    expect(told).toEqual(['overview', 'overview']);
  });

  it("another account's changes are not this station's to show", () => {
    floor.notice('pack.pack_claims', { table: 'pack_claims', account: 'acct-2', orderId: 7 });
    floor.notice('work.batches', { key: 'b1', account: 'acct-2' });
    expect(told).toEqual([]);
  });

  it('stopped: no subscriber left and no tell still waiting', () => {
    floor.notice('pack.printed_marks', { table: 'printed_marks', account: 'acct-1' });
    floor.notice('pack.printed_marks', { table: 'printed_marks', account: 'acct-1' });
    stop();
    expect(floor.listening()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(told).toEqual(['overview']);
  });
});
