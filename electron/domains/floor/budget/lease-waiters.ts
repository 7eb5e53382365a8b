/**
 * The requests of one station waiting in its lease pool (lease-pool.ts) for a token of the
 * floor's bucket: a person's first, then in order; an aborted wait leaves without a token.
 */
import type { BudgetClass } from './bucket';

interface Waiter {
  cls: BudgetClass;
  resolve(): void;
  detach(): void;
}

export class LeaseWaiters {
  private readonly list: Waiter[] = [];

  get length(): number {
    return this.list.length;
  }

  /** How many of a person's requests wait. */
  interactive(): number {
    return this.list.filter((w) => w.cls === 'interactive').length;
  }

  /**
   * A request that waits until `next()` or `release` lets it go; rejects when `signal`
   * aborts first. `onAdded` runs once it is in the queue (to ask the store).
   */
  add(cls: BudgetClass, signal: AbortSignal | undefined, onAdded: () => void): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.list.indexOf(waiter);
        if (i >= 0) this.list.splice(i, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        cls,
        resolve,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.list.push(waiter);
      onAdded();
    });
  }

  /** Lets the next one go (a person's request first); false when none waits. */
  next(): boolean {
    if (this.list.length === 0) return false;
    const i = this.list.findIndex((w) => w.cls === 'interactive');
    const [waiter] = this.list.splice(i >= 0 ? i : 0, 1);
    waiter?.detach();
    waiter?.resolve();
    return true;
  }

  /** Lets every waiter of `cls` (every one, without) go at once; returns how many. */
  release(cls?: BudgetClass): number {
    const going = this.list.filter((w) => cls === undefined || w.cls === cls);
    for (const waiter of going) {
      this.list.splice(this.list.indexOf(waiter), 1);
      waiter.detach();
      waiter.resolve();
    }
    return going.length;
  }
}
