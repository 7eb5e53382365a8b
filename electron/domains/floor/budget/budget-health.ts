/**
 * Whether a station's lease pool (lease-pool.ts) uses the floor's bucket now ('shared') or
 * goes on alone ('local'), and the rules that move it between the two: a store that fails
 * sends the station on alone at once; slow answers do so after SLOW_IN_A_ROW in a row; once
 * alone, a ping (no slower than `timeoutMs`) is tried `retryMs` after, and a station whose
 * ping is answered shares again. Every change of mode or of the floor's rate is told to
 * `onStatus` (the throttle banner), and only a change.
 */
import type { BudgetClock, BudgetStatus } from './budget-store';

/** Slow answers in a row after which the station stops asking for a while. */
export const SLOW_IN_A_ROW = 3;

export interface BudgetHealthOptions {
  clock: BudgetClock;
  timeoutMs: number;
  retryMs: number;
  ping(): Promise<void>;
  onStatus?: (status: BudgetStatus) => void;
}

export class BudgetHealth {
  private status: BudgetStatus = { mode: 'shared', rate: null };
  private probing = false;
  private slowInARow = 0;

  constructor(private readonly o: BudgetHealthOptions) {}

  get shared(): boolean {
    return this.status.mode === 'shared';
  }

  current(): BudgetStatus {
    return this.status;
  }

  /** The store answered within its time: the count of slow answers starts again. */
  inTime(): void {
    this.slowInARow = 0;
  }

  /** The floor's rate as the store's last answer gave it, while shared. */
  rate(rate: number): void {
    if (this.shared) this.set({ mode: 'shared', rate });
  }

  /** An answer slower than `limit` ms: true when the station should go on alone now. */
  slow(limit: number): { goLocal: boolean; error: Error } {
    this.slowInARow += 1;
    const error = new Error(`the floor's database did not answer within ${limit} ms`);
    return { goLocal: this.slowInARow >= SLOW_IN_A_ROW, error };
  }

  /** The store failed: alone from now (the first failure's reason is kept). */
  local(error: unknown): void {
    if (!this.shared) return;
    const reason = error instanceof Error ? error.message : String(error);
    this.set({ mode: 'local', reason, since: this.o.clock.now() });
  }

  /** Alone for `retryMs` already: ping the store, and share again if it answers in time. */
  maybeProbe(closed: boolean): void {
    const status = this.status;
    if (closed || this.probing || status.mode !== 'local') return;
    if (this.o.clock.now() - status.since < this.o.retryMs) return;
    this.probing = true;
    this.withTimeout(this.o.ping()).then(
      () => {
        this.probing = false;
        this.set({ mode: 'shared', rate: null });
      },
      (error) => {
        this.probing = false;
        const reason = error instanceof Error ? error.message : String(error);
        this.set({ mode: 'local', reason, since: this.o.clock.now() });
      },
    );
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const handle = this.o.clock.setTimeout(
        () =>
          reject(new Error(`the floor's database did not answer within ${this.o.timeoutMs} ms`)),
        this.o.timeoutMs,
      );
      work.then(
        (value) => {
          this.o.clock.clearTimeout(handle);
          resolve(value);
        },
        (error) => {
          this.o.clock.clearTimeout(handle);
          reject(error);
        },
      );
    });
  }

  private set(status: BudgetStatus): void {
    const was = this.status;
    const changed =
      status.mode !== was.mode ||
      (status.mode === 'shared' && was.mode === 'shared' && status.rate !== was.rate);
    this.status = status;
    if (changed) this.o.onStatus?.(status);
  }
}
