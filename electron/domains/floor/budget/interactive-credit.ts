/**
 * A station's local credit for a person's requests (issue 29): a scan should cost its two
 * round trips to the API and nothing more, so a person's request does not wait for the
 * floor's database at all. While the station holds credit (default 2 requests, a scan's two
 * calls), the request goes at once and is paid after: the debt goes to the bucket in one
 * statement (bucket.ts `spend`), several requests' debts together if they come while one is
 * being paid. The credit comes back when the payment finds the bucket not overdrawn, or when
 * the station is granted a token the ordinary way; otherwise the next request waits for a
 * real grant (lease-pool.ts), so a station can never run more than its credit ahead of the
 * floor's budget.
 *
 * Why this stays under the account's rate: the credit is paid from the reserve, which
 * background work cannot take, so the account's own bucket holds at least the reserve when a
 * scan comes; the floor's stations together run at most one credit ahead of the bucket each.
 */

export interface SpendAnswer {
  /** The bucket's tokens after the payment (below zero: overdrawn). */
  tokens: number;
  /** The floor's rate now. */
  rate: number;
}

export interface InteractiveCreditOptions {
  /** Requests a station may send before it has paid for them (default 2). */
  size?: number;
  pay(tokens: number): Promise<SpendAnswer>;
  onPaid(answer: SpendAnswer): void;
  onError(error: unknown): void;
}

export class InteractiveCredit {
  private readonly size: number;
  private left: number;
  private owed = 0;
  private paying = false;
  /** Counts for tests and the bench: requests sent on credit, and payments (round trips). */
  readonly counts = { onCredit: 0, payments: 0 };

  constructor(private readonly o: InteractiveCreditOptions) {
    this.size = Math.max(0, Math.floor(o.size ?? 2));
    this.left = this.size;
  }

  /** Whether one request may go now on credit (then it is owed and being paid). */
  take(): boolean {
    if (this.left < 1) return false;
    this.left -= 1;
    this.owed += 1;
    this.counts.onCredit += 1;
    this.pay();
    return true;
  }

  /** The bucket had tokens for an ordinary grant: the credit is whole again. */
  restore(): void {
    this.left = this.size;
  }

  /** The station goes on alone: nothing is paid any more; credit starts whole when back. */
  forget(): void {
    this.owed = 0;
    this.left = this.size;
  }

  /** What is still owed, for a last payment at close. */
  takeOwed(): number {
    const owed = this.owed;
    this.owed = 0;
    return owed;
  }

  private pay(): void {
    if (this.paying || this.owed === 0) return;
    this.paying = true;
    const tokens = this.owed;
    this.owed = 0;
    this.counts.payments += 1;
    this.o.pay(tokens).then(
      (answer) => {
        this.paying = false;
        // Overdrawn: the floor sends more than its rate now, so this station's next person's
        // request waits for a real grant instead (the credit comes back with it).
        if (answer.tokens >= 0) this.left = Math.min(this.size, this.left + tokens);
        this.o.onPaid(answer);
        this.pay();
      },
      (error) => {
        this.paying = false;
        this.owed = 0;
        this.o.onError(error);
      },
    );
  }
}
