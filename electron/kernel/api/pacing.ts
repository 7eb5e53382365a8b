/**
 * When the limiter's next request may start: the spacing part of limiter.ts.
 *
 * - Interactive calls are spaced at the whole learnt share (`interactiveRate`), counted from
 *   the last start of any kind.
 * - Bulk work goes in trains of up to `trainSize` requests sent together, a train every
 *   `size` spacings at the bulk rate: the same average rate, but when the account's bucket
 *   runs low it is a train's last request that meets the empty bucket, so bulk work learns of
 *   it (and backs off) before an evenly spaced call from another station does. Evenly spaced
 *   bulk requests slip into the tokens as they refill and leave the refusals to others.
 * - Spacing counts from when a start was due, not from when the timer got to run: a busy
 *   event loop (parsing a 3 MB page) fires timers late, and carrying that lateness forward
 *   would lower the rate for nothing. Only lateness up to half an interval is made up (so two
 *   starts are never closer than half the spacing); after idle time it counts from now.
 */

/** Which queue a request waits in (limiter.ts re-exports it). */
export type Priority = 'interactive' | 'background';

export interface PacingInput {
  interactiveRate: number;
  backgroundRate: number;
  /** Nothing starts before this; bulk work not before `backgroundPausedUntil` either. */
  pausedUntil: number;
  backgroundPausedUntil: number;
}

export interface Due {
  at: number;
  /** The spacing that applied, in ms. */
  interval: number;
  /** A bulk request that goes with the train just sent. */
  joinsTrain: boolean;
}

/** A bulk request queued this soon after its train left still joins it. */
const TRAIN_JOIN_MS = 5;

export class Pacing {
  private lastStart = Number.NEGATIVE_INFINITY;
  /** The latest bulk train: when it was due, when it really left, how many it holds. */
  private train = { due: Number.NEGATIVE_INFINITY, left: Number.NEGATIVE_INFINITY, size: 0 };

  constructor(private readonly trainSize: number) {}

  due(priority: Priority, now: number, input: PacingInput): Due {
    if (priority === 'interactive') {
      const interval = 1000 / input.interactiveRate;
      const at = Math.max(input.pausedUntil, this.lastStart + interval);
      return { at, interval, joinsTrain: false };
    }
    const interval = 1000 / input.backgroundRate;
    const paused = Math.max(input.pausedUntil, input.backgroundPausedUntil);
    const train = this.train;
    if (train.size < this.trainSize && now - train.left <= TRAIN_JOIN_MS && now >= paused) {
      return { at: now, interval, joinsTrain: true };
    }
    return { at: Math.max(paused, train.due + train.size * interval), interval, joinsTrain: false };
  }

  /** A request started at `now` for `due`. */
  started(priority: Priority, now: number, due: Due): void {
    const at = now - due.at <= due.interval / 2 ? due.at : now;
    this.lastStart = Math.max(this.lastStart, at);
    if (priority !== 'background') return;
    if (due.joinsTrain) this.train.size += 1;
    else this.train = { due: at, left: now, size: 1 };
  }

  /** Time since the last start, for "pressed" (see limiter.ts). */
  sinceLastStart(now: number): number {
    return now - this.lastStart;
  }
}
