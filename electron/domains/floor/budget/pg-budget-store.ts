/**
 * The account's bucket in the floor's database (0004-budget.sql). A lease and a person's
 * requests paid after they went — nearly every statement a floor sends — are one statement
 * each (budget-sql.ts: the row locked, refilled, granted and written while the statement
 * runs, bucket.ts's rules in SQL). The rarer give-back and 429, and a row that is missing or
 * nonsense, read the account's row with the database's clock, apply bucket.ts's rules and
 * write the row back only if no other station changed it in between (its `version`), else
 * read again: no lock held across a round trip, so a floor of stations asking at once never
 * queues behind one slow station.
 *
 * A row changed by hand into nonsense is started afresh (saneBucket) and the station logs a
 * sentence about it; the row is never trusted into a rate of NaN or of a million a second.
 */
import type { Pool } from 'pg';
import {
  type BucketState,
  freshBucket,
  giveBack,
  grant,
  refused,
  shapeFor,
  spend,
  waitFor,
} from './bucket';
import { LEASE_SQL, limitParams, SPEND_SQL, statementRow } from './budget-sql';
import type { BudgetStore, LeaseAnswer, RefusalInfo } from './budget-store';
import type { SpendAnswer } from './interactive-credit';
import { saneBucket } from './sane-bucket';

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

/** Reads of a row changed under us before giving up (each lost race means another won). */
const ATTEMPTS = 10;

const READ = `SELECT rate, tokens, at_ms, cut_at_ms, scan_rate, peak_rate, waited_at_ms, version,
    extract(epoch FROM clock_timestamp()) * 1000 AS now_ms
  FROM floor_budget WHERE account = $1`;

const WRITE = `UPDATE floor_budget SET rate = $3, tokens = $4, at_ms = $5, cut_at_ms = $6,
    leases = leases + $7, refusals = refusals + $8, updated_by = $9, version = version + 1,
    scan_rate = $10, peak_rate = $11, waited_at_ms = $12
  WHERE account = $1 AND version = $2`;

interface Change {
  state: BucketState;
  leased?: boolean;
  refused?: boolean;
}

export class PgBudgetStore implements BudgetStore {
  constructor(private readonly o: PgBudgetStoreOptions) {}

  async lease(cls: 'interactive' | 'background', want: number): Promise<LeaseAnswer> {
    // Named: each connection plans the statement once (planning it every time cost more
    // than running it: 20-150 ms on a loaded machine, past a person's 150 ms wait).
    const found = await this.o.pool.query({
      name: 'floor-budget-lease',
      text: LEASE_SQL,
      values: [this.o.account, ...limitParams(), cls === 'background', want, this.o.station],
    });
    if (found.rows[0]) {
      const row = statementRow(found.rows[0]);
      const waitMs =
        row.granted > 0
          ? 0
          : waitFor({ ...row, ...shapeFor(row.rate, row.scanRate) }, cls, row.asked);
      return { granted: row.granted, asked: row.asked, waitMs, rate: row.rate };
    }
    // No row yet, or one changed by hand into nonsense: the slower path creates or repairs it.
    let answer: LeaseAnswer = { granted: 0, waitMs: 0, rate: 0 };
    await this.change((state, now) => {
      const result = grant(state, now, cls, want);
      answer = {
        granted: result.granted,
        asked: result.asked,
        waitMs: result.waitMs,
        rate: result.state.rate,
      };
      return { state: result.state, leased: result.granted > 0 };
    });
    return answer;
  }

  async spend(tokens: number): Promise<SpendAnswer> {
    const found = await this.o.pool.query({
      name: 'floor-budget-spend',
      text: SPEND_SQL,
      values: [this.o.account, ...limitParams(), tokens, this.o.station],
    });
    if (found.rows[0]) {
      const row = statementRow(found.rows[0]);
      return { tokens: row.tokens, rate: row.rate };
    }
    let answer: SpendAnswer = { tokens: 0, rate: 0 };
    await this.change((state, now) => {
      const next = spend(state, now, tokens);
      answer = { tokens: next.tokens, rate: next.rate };
      return { state: next, leased: true };
    });
    return answer;
  }

  async giveBack(tokens: number): Promise<void> {
    await this.change((state, now) => ({ state: giveBack(state, now, tokens) }));
  }

  /**
   * A congestion 429: `sentAgoMs` is how long ago the refused request went (the station's
   * clock, so it is turned into the database's time here: a 429 of a request sent before
   * the floor's last cut is that burst's, and cuts nothing).
   */
  async refused(info: RefusalInfo = {}): Promise<void> {
    await this.change((state, now) => ({
      state: refused(state, now, {
        ...(info.sentAgoMs !== undefined ? { sentAt: now - info.sentAgoMs } : {}),
        ...(info.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: info.retryAfterSeconds }
          : {}),
      }),
      refused: true,
    }));
  }

  async ping(): Promise<void> {
    await this.o.pool.query('SELECT 1');
  }

  /**
   * Tells `leases` at once when the pool's idle connections break (the server stopped or the
   * network dropped), rather than at the next ask, which may be seconds away for background
   * work told to wait. Returns the unsubscribe.
   */
  watch(leases: { offline(reason: string): void }): () => void {
    const onError = (error: Error) =>
      leases.offline(`the floor's database dropped its connection (${error.message})`);
    this.o.pool.on('error', onError);
    return () => this.o.pool.off('error', onError);
  }

  private async change(apply: (state: BucketState, now: number) => Change): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const row = await this.read();
      const { state, repaired } = saneBucket(
        {
          rate: row.rate,
          tokens: row.tokens,
          at: row.at_ms,
          cutAt: row.cut_at_ms,
          scanRate: row.scan_rate,
          peak: row.peak_rate,
          waitedAt: row.waited_at_ms,
        },
        this.o.startRate(),
        row.now_ms,
      );
      if (repaired) {
        this.o.log?.(
          "The floor's shared rate budget held values that make no sense; it was started afresh.",
        );
      }
      const next = apply(state, row.now_ms);
      const written = await this.o.pool.query(WRITE, [
        this.o.account,
        row.version,
        next.state.rate,
        next.state.tokens,
        next.state.at,
        next.state.cutAt,
        next.leased ? 1 : 0,
        next.refused ? 1 : 0,
        this.o.station,
        next.state.scanRate,
        next.state.peak,
        next.state.waitedAt,
      ]);
      if (written.rowCount === 1) return;
    }
    throw new Error("the floor's shared rate budget is changing too fast to take a lease");
  }

  private async read(): Promise<Row> {
    const found = await this.o.pool.query(READ, [this.o.account]);
    if (found.rows[0]) return numbers(found.rows[0]);
    const nowMs = Number(
      (await this.o.pool.query('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS n')).rows[0]
        .n,
    );
    const fresh = freshBucket(this.o.startRate(), nowMs);
    // Two stations starting the same account at once: one row wins, both then use it.
    await this.o.pool.query(
      `INSERT INTO floor_budget
         (account, rate, tokens, at_ms, cut_at_ms, updated_by, peak_rate, waited_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account) DO NOTHING`,
      [
        this.o.account,
        fresh.rate,
        fresh.tokens,
        fresh.at,
        fresh.cutAt,
        this.o.station,
        fresh.peak,
        fresh.waitedAt,
      ],
    );
    return numbers((await this.o.pool.query(READ, [this.o.account])).rows[0]);
  }
}

interface Row {
  rate: number;
  tokens: number;
  at_ms: number;
  cut_at_ms: number;
  scan_rate: number;
  peak_rate: number;
  waited_at_ms: number;
  version: string;
  now_ms: number;
}

function numbers(row: Record<string, unknown>): Row {
  return {
    rate: Number(row.rate),
    tokens: Number(row.tokens),
    at_ms: Number(row.at_ms),
    cut_at_ms: Number(row.cut_at_ms),
    scan_rate: Number(row.scan_rate),
    peak_rate: Number(row.peak_rate),
    waited_at_ms: Number(row.waited_at_ms),
    // bigint arrives as a string; it goes back as one, exactly.
    version: String(row.version),
    now_ms: Number(row.now_ms),
  };
}
