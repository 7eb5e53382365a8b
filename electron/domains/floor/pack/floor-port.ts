/**
 * What the floor's pack parts need of the database, and no more: plain queries, and a
 * transaction. floor-core's FloorDb (db/floor-db.ts: `query`, `tx`) is one; a test's `pg` pool
 * with `inTransaction` below is another. Kept this narrow so the claims and the pack log are
 * tested on the real cluster without the rest of the floor.
 */
import type pg from 'pg';
import { inPoolTransaction } from '../db/floor-db';

/** Rows as `pg` gives them: bigint as strings, timestamptz as Dates (pack-floor-rows.ts reads them). */
export interface PackQueryable {
  // biome-ignore lint/suspicious/noExplicitAny: rows are read through zod (pack-floor-rows.ts).
  query(sql: string, params?: any[]): Promise<{ rows: any[]; rowCount: number | null }>;
}

/** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
export interface PackTx {
  tx<T>(fn: (q: PackQueryable) => Promise<T>): Promise<T>;
}

/** A `pg` pool as a PackTx: READ COMMITTED, which the pack log's per-order lock makes enough. */
export function poolTx(pool: pg.Pool): PackQueryable & PackTx {
  return {
    query: (sql, params) => pool.query(sql, params),
    tx: (fn) => inPoolTransaction(pool, ['BEGIN'], fn),
  };
}
