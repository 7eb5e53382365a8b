/**
 * A simulated clock for the limiter: timers fire in order of their due time, and after each
 * one every promise reaction it started runs before the next (so async code built on the
 * limiter behaves as it would in real time, only without waiting). Minutes of traffic
 * simulate in well under a second, deterministically, which is what the storm, random-429 and
 * many-stations tests need; vitest's fake timers would do too, but this one also runs in the
 * benchmark, outside vitest.
 */
import type { LimiterClock } from '../limiter';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
  cancelled: boolean;
}

// Captured at load: tests may install fake timers, and this clock must not run on them.
const realSetImmediate = globalThis.setImmediate;
const drainReactions = () => new Promise<void>((resolve) => realSetImmediate(resolve));

export class SimClock implements LimiterClock {
  private time: number;
  private seq = 0;
  private readonly timers: Timer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer: Timer = {
      at: this.time + Math.max(0, ms),
      seq: this.seq++,
      callback,
      cancelled: false,
    };
    // Kept sorted by (at, seq); inserting from the end is cheap because most timers are near.
    let i = this.timers.length;
    while (i > 0 && later(this.timers[i - 1] as Timer, timer)) i--;
    this.timers.splice(i, 0, timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    if (handle) (handle as Timer).cancelled = true;
  }

  /** Resolves after `ms` of simulated time (for code written with await). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  /** Runs every timer due up to `until` (absolute simulated ms), then sets the time to it. */
  async runUntil(until: number): Promise<void> {
    await drainReactions();
    for (;;) {
      const next = this.timers[0];
      if (!next || next.at > until) break;
      this.timers.shift();
      if (next.cancelled) continue;
      this.time = Math.max(this.time, next.at);
      next.callback();
      await drainReactions();
    }
    this.time = Math.max(this.time, until);
  }

  /** Runs for `ms` more of simulated time. */
  advance(ms: number): Promise<void> {
    return this.runUntil(this.time + ms);
  }
}

function later(a: Timer, b: Timer): boolean {
  return a.at > b.at || (a.at === b.at && a.seq > b.seq);
}
