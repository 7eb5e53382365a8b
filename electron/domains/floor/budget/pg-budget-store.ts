/**
 * The account's bucket in the floor's database (0004-budget.sql): each lease, give-back or
 * 429 is one short transaction that locks the account's row, applies bucket.ts's rules with
 * the database's clock and writes the row back. A few such transactions a second per floor,
 * since stations take tokens in leases (lease-pool.ts).
 *
 * A row changed by hand into nonsense is started afresh (saneBucket) and the station logs a
 * sentence about it; the row is never trusted into a rate of NaN or of a million a second.
 */
import type { Pool, PoolClient } from 'pg';
import { type BucketState, freshBucket, giveBack, grant, refused, saneBucket } from './bucket';
import type { BudgetStore, LeaseAnswer } from './lease-pool';

export interface PgBudgetStoreOptions {
  pool: Pool;
  /** The account's name: its connection's address and account id, never its key. */
  account: string;
  /** This station's name, recorded as the row's last writer. */
  station: string;
  /** The rate a new bucket starts from: this station's limiter's (requests per second). */
  startRate: () => number;
  log?: (line: string) => void;
}

interface Row {
  rate: number;
  tokens: number;
  at_ms: number;
  cut_at_ms: number;
  now_ms: number;
}

export class PgBudgetStore implements BudgetStore {
  constructor(private readonly o: PgBudgetStoreOptions) {}

  async lease(cls: 'interactive' | 'background', want: number): Promise<LeaseAnswer> {
    let answer: LeaseAnswer = { granted: 0, waitMs: 0, rate: 0 };
    await this.change((state, now) => {
      const result = grant(state, now, cls, want);
      answer = { granted: result.granted, waitMs: result.waitMs, rate: result.state.rate };
      return { state: result.state, leased: result.granted > 0 };
    });
    return answer;
  }

  async giveBack(tokens: number): Promise<void> {
    await this.change((state, now) => ({ state: giveBack(state, now, tokens) }));
  }

  async refused(): Promise<void> {
    await this.change((state, now) => ({ state: refused(state, now), refused: true }));
  }

  async ping(): Promise<void> {
    await this.o.pool.query('SELECT 1');
  }

  /** The row, locked, changed by `apply` and written back, in one transaction. */
  private async change(
    apply: (
      state: BucketState,
      now: number,
    ) => { state: BucketState; leased?: boolean; refused?: boolean },
  ): Promise<void> {
    const client = await this.o.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const row = await this.lockedRow(client);
      const now = row.now_ms;
      const { state, repaired } = saneBucket(
        { rate: row.rate, tokens: row.tokens, at: row.at_ms, cutAt: row.cut_at_ms },
        this.o.startRate(),
        now,
      );
      if (repaired) {
        this.o.log?.(
          "The floor's shared rate budget held values that make no sense; it was started afresh.",
        );
      }
      const next = apply(state, now);
      await client.query(
        `UPDATE floor_budget SET rate = $2, tokens = $3, at_ms = $4, cut_at_ms = $5,
           leases = leases + $6, refusals = refusals + $7, updated_by = $8
         WHERE account = $1`,
        [
          this.o.account,
          next.state.rate,
          next.state.tokens,
          next.state.at,
          next.state.cutAt,
          next.leased ? 1 : 0,
          next.refused ? 1 : 0,
          this.o.station,
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      broken = error as Error;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      // A connection that failed mid-transaction is dropped, not handed to the next lease.
      client.release(broken);
    }
  }

  private async lockedRow(client: PoolClient): Promise<Row> {
    const select = `SELECT rate, tokens, at_ms, cut_at_ms,
        extract(epoch FROM clock_timestamp()) * 1000 AS now_ms
      FROM floor_budget WHERE account = $1 FOR UPDATE`;
    const found = await client.query(select, [this.o.account]);
    if (found.rows[0]) return numbers(found.rows[0]);
    const nowMs = Number(
      (await client.query('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS n')).rows[0].n,
    );
    const fresh = freshBucket(this.o.startRate(), nowMs);
    // Two stations starting the same account at once: one row wins, both then lock it.
    await client.query(
      `INSERT INTO floor_budget (account, rate, tokens, at_ms, cut_at_ms, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account) DO NOTHING`,
      [this.o.account, fresh.rate, fresh.tokens, fresh.at, fresh.cutAt, this.o.station],
    );
    return numbers((await client.query(select, [this.o.account])).rows[0]);
  }
}

function numbers(row: Record<string, unknown>): Row {
  return {
    rate: Number(row.rate),
    tokens: Number(row.tokens),
    at_ms: Number(row.at_ms),
    cut_at_ms: Number(row.cut_at_ms),
    now_ms: Number(row.now_ms),
  };
}
