/**
 * How the floor's batches read (`floor_batches`, `floor_batch_orders`): the list every station
 * shows, with progress and whether a station holds each one now (its advisory lock), and what
 * each reached order came to. Writing them, and holding them, is floor-batches.ts.
 */
import type { FloorQuery } from '../floor-db-port';

/** The first key of the batches' advisory locks (the second is the batch id's hash). */
export const BATCH_LOCK_CLASS = 29_003;

/** 'pending': a station was about to send the order's job (0008): it may have printed. */
export type FloorBatchOutcome = 'pending' | 'queued' | 'no_label' | 'not_found' | 'refused';
export type FloorBatchEnd = 'finished' | 'stopped' | 'cancelled';

export interface FloorBatchView {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  /** The documents a documents batch asked for; null for labels (or a batch from before 0008). */
  kinds: string[] | null;
  total: number;
  reached: number;
  /** Of `reached`: orders a station may have printed when it stopped ('pending'), to check. */
  toCheck: number;
  state: 'running' | 'finished' | 'stopped' | 'cancelled' | 'dismissed';
  reason: string | null;
  /** Where it was started, and by whom. */
  station: string;
  startedBy: string;
  /** The station printing it now (null when none). */
  holder: string | null;
  /** A station holds it this moment (its lock is held). */
  live: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One order some station reached: what it came to there. */
export interface FloorBatchReached {
  id: number;
  outcome: FloorBatchOutcome;
  /** The station that wrote it (for 'pending': the one that may have printed it). */
  station: string;
}

/** A batch with its orders and what every station reached of them. */
export interface FloorBatchDetail extends FloorBatchView {
  orders: { id: number; name: string }[];
  reachedOrders: FloorBatchReached[];
}

/** What each of the batches' reached orders came to, and at which station. */
export async function reachedOf(
  db: FloorQuery,
  batchIds: string[],
): Promise<Map<string, FloorBatchReached[]>> {
  const rows = await db.query<{
    batch_id: string;
    order_id: string;
    outcome: FloorBatchOutcome;
    station: string;
  }>(
    `SELECT batch_id, order_id::text, outcome, station FROM floor_batch_orders
      WHERE batch_id = ANY($1::text[]) ORDER BY batch_id, order_id`,
    [batchIds],
  );
  const out = new Map<string, FloorBatchReached[]>();
  for (const r of rows.rows) {
    const list = out.get(r.batch_id) ?? [];
    list.push({ id: Number(r.order_id), outcome: r.outcome, station: r.station });
    out.set(r.batch_id, list);
  }
  return out;
}

interface BatchRow {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  kinds: unknown;
  total: number;
  reached: string;
  to_check: string;
  state: FloorBatchView['state'];
  reason: string | null;
  station: string;
  started_by: string;
  holder: string | null;
  live: boolean;
  created_at: Date;
  updated_at: Date;
}

/**
 * The account's batches matching `where` (SQL over `b`, never user text), with progress and
 * liveness.
 */
export async function listBatches(
  db: FloorQuery,
  account: string,
  where: string,
  params: unknown[] = [],
): Promise<FloorBatchView[]> {
  const result = await db.query<BatchRow>(
    `SELECT b.id, b.title, b.what, b.kinds, b.total, b.state, b.reason, b.station, b.started_by, b.holder,
            b.created_at, b.updated_at,
            (SELECT count(*) FROM floor_batch_orders o WHERE o.batch_id = b.id) AS reached,
            (SELECT count(*) FROM floor_batch_orders o
              WHERE o.batch_id = b.id AND o.outcome = 'pending') AS to_check,
            EXISTS (SELECT 1 FROM pg_locks l
                     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                       AND l.classid = $1::int::oid
                       AND l.objid = (hashtext(b.id)::bigint & 4294967295)::oid) AS live
       FROM floor_batches b
      WHERE b.account = $2 AND (${where})
      ORDER BY b.created_at DESC, b.id`,
    [BATCH_LOCK_CLASS, account, ...params],
  );
  return result.rows.map((r) => ({
    id: r.id,
    title: r.title,
    what: r.what,
    kinds: kindsOf(r.kinds),
    total: r.total,
    reached: Number(r.reached),
    toCheck: Number(r.to_check),
    state: r.state,
    reason: r.reason,
    station: r.station,
    startedBy: r.started_by,
    holder: r.holder,
    live: r.live,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** The kept kinds, read back only as a list of short names (a row changed by hand: none). */
function kindsOf(kept: unknown): string[] | null {
  if (!Array.isArray(kept)) return null;
  const kinds = kept.filter((k): k is string => typeof k === 'string' && /^[a-z_]{1,40}$/.test(k));
  return kinds.length > 0 ? kinds : null;
}

/** How a batch reads on a station's list, in words. */
export function batchLine(batch: FloorBatchView): string {
  const progress = `${batch.reached} of ${batch.total}`;
  if (batch.state === 'running' && batch.live) {
    return `Printing at ${batch.holder ?? batch.station}: ${progress}`;
  }
  if (batch.state === 'running') {
    return `Interrupted at ${batch.holder ?? batch.station}: ${progress} reached. Print the rest?`;
  }
  if (batch.state === 'stopped') {
    return `Stopped${batch.reason ? ` (${batch.reason})` : ''}: ${progress} reached. Print the rest?`;
  }
  return `${batch.state[0]?.toUpperCase()}${batch.state.slice(1)}: ${progress}`;
}
