/**
 * The account's bucket held in this process: the stand-in for the database in unit tests
 * (with a fake clock), and the shape the database store (pg-budget-store.ts) follows, both
 * running bucket.ts's rules.
 */
import { type BucketState, freshBucket, giveBack, grant, refused, spend } from './bucket';
import type { BudgetClock, BudgetStore, LeaseAnswer } from './lease-pool';

export class MemoryBucket {
  state: BucketState;
  refusals = 0;
  leases = 0;
  /** A person's requests paid after they went. */
  spent = 0;

  constructor(
    private readonly clock: Pick<BudgetClock, 'now'>,
    rate: number,
  ) {
    this.state = freshBucket(rate, clock.now());
  }

  /** One station's view of this bucket; `delayMs` stands for the database's round trip. */
  store(delayMs = 0, setTimeout?: BudgetClock['setTimeout']): BudgetStore {
    const later = <T>(work: () => T): Promise<T> =>
      delayMs > 0 && setTimeout
        ? new Promise((resolve) => setTimeout(() => resolve(work()), delayMs))
        : Promise.resolve().then(work);
    return {
      lease: (cls, want) =>
        later((): LeaseAnswer => {
          const result = grant(this.state, this.clock.now(), cls, want);
          this.state = result.state;
          if (result.granted > 0) this.leases += 1;
          return {
            granted: result.granted,
            asked: result.asked,
            waitMs: result.waitMs,
            rate: this.state.rate,
          };
        }),
      giveBack: (tokens) =>
        later(() => {
          this.state = giveBack(this.state, this.clock.now(), tokens);
        }),
      refused: (info = {}) =>
        later(() => {
          this.refusals += 1;
          const now = this.clock.now();
          this.state = refused(this.state, now, {
            ...(info.sentAgoMs !== undefined ? { sentAt: now - info.sentAgoMs } : {}),
            ...(info.retryAfterSeconds !== undefined
              ? { retryAfterSeconds: info.retryAfterSeconds }
              : {}),
          });
        }),
      spend: (tokens) =>
        later(() => {
          this.spent += tokens;
          this.state = spend(this.state, this.clock.now(), tokens);
          return { tokens: this.state.tokens, rate: this.state.rate };
        }),
      ping: () => later(() => undefined),
    };
  }
}
