/**
 * The floor's pack log and printed marks in the database (0002-pack.sql): every pack at every
 * station, every label or slip printed anywhere, and the double packs found when the packs of
 * an offline spell are written back. "Already packed", "Packed today" and reprints are read
 * from here by every station, in the pack log's own shapes (PackRecord, PrintedMark), so the
 * gate and the screens need nothing new to show them.
 */

import { packedLineSchema, packOverrideSchema } from '@shared/contract/pack-record-schemas';
import type { PackedPrint, PackRecord } from '@shared/contract/packing-values';
import { z } from 'zod';
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import type { PackQueryable } from './floor-port';
import { conflictWords, decidePackWrite, type PackConflict } from './pack-conflicts';
import { type FloorPackRow, markWhat, RowProblems, readMarks, readPacks } from './pack-floor-rows';

type Db = PackQueryable;

/** A pack as a station sends it to the floor (at once, or later from its offline queue). */
export const packPayloadSchema = z.object({
  /**
   * The account it was packed under (the floor's name for it, never the key): a pack queued
   * before the station switched connection is still written to its own account.
   */
  account: z.string().min(1).max(200).optional(),
  orderId: z.number().int().positive(),
  orderName: z.string().min(1).max(80),
  /** The station's name as people say it ("Station 3"). */
  station: z.string().min(1).max(80),
  packer: z.string().min(1).max(80),
  packedAt: z.iso.datetime({ offset: true }),
  /** 'local': packed on a claim the station made alone (the floor was offline or slow). */
  claim: z.enum(['floor', 'local']),
  lines: z.array(packedLineSchema).max(500),
  overrides: z.array(packOverrideSchema).max(20),
});
export type PackPayload = z.infer<typeof packPayloadSchema>;

/** What writing one pack did (floor-core's ApplyOutcome: a conflict is kept for the supervisor). */
export type PackApplied =
  | { applied: true }
  | { applied: false; conflict: string; detail: Record<string, unknown> };

const PACK_COLUMNS =
  'pack_key, order_id, order_name, station, packer, packed_at, offline, overrides, lines';

/**
 * Writes one pack, once, inside the caller's transaction (the same for a pack written at once
 * and one sent later from the offline queue). Its key is the pack's own: written again, it is
 * still one row. A pack is never refused: it happened. It ends the order's claim; a second pack
 * nobody meant (another station packed it while this one was offline, or took the order over
 * while it was packed) is written too and answered as a conflict for the supervisor.
 */
export async function applyPack(
  q: PackQueryable,
  account: string,
  key: string,
  pack: PackPayload,
  time: (iso: string) => string = (iso) => iso.slice(11, 16),
): Promise<PackApplied & { conflictOf?: PackConflict }> {
  // One writer per order at a time, so two queued packs of it cannot both miss each other.
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `pack:${account}:${pack.orderId}`,
  ]);
  const existing = readPacks(
    (
      await q.query(`SELECT ${PACK_COLUMNS} FROM pack_log WHERE account = $1 AND order_id = $2`, [
        account,
        pack.orderId,
      ])
    ).rows,
  );
  const row: FloorPackRow = {
    packKey: key,
    orderId: pack.orderId,
    orderName: pack.orderName,
    station: pack.station,
    packer: pack.packer,
    packedAt: pack.packedAt,
    offline: pack.claim === 'local',
    overrides: pack.overrides,
    lines: pack.lines,
  };
  const decision = decidePackWrite(existing, row);
  if (decision.kind === 'duplicate') return { applied: true };
  // The pack ends the order's claim, whoever held it: the order is packed now.
  await q.query('DELETE FROM pack_claims WHERE account = $1 AND order_id = $2', [
    account,
    pack.orderId,
  ]);
  await q.query(
    `INSERT INTO pack_log (pack_key, account, order_id, order_name, station, packer,
       packed_at, lines, overrides, offline)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      key,
      account,
      pack.orderId,
      pack.orderName,
      pack.station,
      pack.packer,
      pack.packedAt,
      JSON.stringify(pack.lines),
      JSON.stringify(pack.overrides),
      row.offline,
    ],
  );
  if (!decision.conflict) return { applied: true };
  const c = decision.conflict;
  await q.query(
    `INSERT INTO pack_conflicts (account, order_id, order_name, first_key, second_key)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (second_key) DO NOTHING`,
    [account, pack.orderId, pack.orderName, c.first.packKey, key],
  );
  return {
    applied: false,
    conflict: conflictWords(c, time),
    detail: {
      orderId: c.orderId,
      orderName: c.orderName,
      first: { station: c.first.station, packer: c.first.packer, packedAt: c.first.packedAt },
      second: { station: c.second.station, packer: c.second.packer, packedAt: c.second.packedAt },
    },
    conflictOf: c,
  };
}

/**
 * The floor action kind of a pack, shaped as floor-core's FloorActionKind (floor-types.ts), so
 * the session writes it at once within the scan's budget or keeps it in the station's queue.
 */
export function packActionKind(account: string) {
  return {
    kind: 'pack.packed',
    schema: packPayloadSchema,
    apply: async (q: PackQueryable, action: { key: string; payload: PackPayload }) => {
      const { conflictOf: _, ...outcome } = await applyPack(
        q,
        action.payload.account ?? account,
        action.key,
        action.payload,
      );
      return outcome;
    },
  };
}

/** A printed document, as a station or the office desk's batch reports it. */
export interface FloorPrint {
  orderId: number;
  /** 'shipping_label', 'packing_slip', or a batch's 'labels' / 'documents'. */
  kind: string;
  printer: string;
  jobId: string;
  /** ISO 8601 instant the job was queued. */
  at: string;
}

/** Marks documents printed at `station`: printed everywhere. A job reported twice is one mark. */
export async function addFloorPrints(
  db: Db,
  account: string,
  station: string,
  prints: readonly FloorPrint[],
): Promise<void> {
  if (prints.length === 0) return;
  const values: unknown[] = [];
  const rows = prints.map((p, i) => {
    values.push(account, p.orderId, markWhat(p.kind), p.kind, station, p.printer, p.jobId, p.at);
    const b = i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  await db.query(
    `INSERT INTO printed_marks (account, order_id, what, kind, station, printer, job_id, printed_at)
     VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
    values,
  );
}

/**
 * The pack log as every station reads it: per order, the latest pack, how often it was packed
 * (`times`) and everything printed for it at any station (newest last, 60 at most). By ids, or
 * since an instant ("Packed today").
 */
export async function floorPackRecords(
  db: Db,
  account: string,
  options: { orderIds?: readonly number[] | undefined; since?: string | undefined },
  problems: RowProblems = new RowProblems(),
): Promise<PackRecord[]> {
  const { orderIds, since } = options;
  const where = ['account = $1'];
  const values: unknown[] = [account];
  if (orderIds !== undefined) {
    values.push(orderIds);
    where.push(`order_id = ANY($${values.length}::bigint[])`);
  }
  if (since !== undefined) {
    values.push(since);
    where.push(`packed_at >= $${values.length}`);
  }
  const packs = readPacks(
    (
      await db.query(
        `SELECT ${PACK_COLUMNS} FROM pack_log WHERE ${where.join(' AND ')}
          ORDER BY packed_at DESC LIMIT 20000`,
        values,
      )
    ).rows,
    problems,
  );
  if (packs.length === 0) return [];
  const ids = [...new Set(packs.map((p) => p.orderId))];
  // `times` counts every pack of the order, also those before `since`.
  const counts = new Map<number, number>(
    (
      await db.query(
        `SELECT order_id, count(*)::int AS n FROM pack_log
          WHERE account = $1 AND order_id = ANY($2::bigint[]) GROUP BY order_id`,
        [account, ids],
      )
    ).rows.map((r) => [Number(r.order_id), Number(r.n)]),
  );
  const printed = new Map<number, PackedPrint[]>();
  for (const m of await marksOf(db, account, ids, problems)) {
    const list = printed.get(m.order_id) ?? [];
    list.push({ kind: m.kind, printer: m.printer, jobId: m.job_id, at: m.printed_at });
    printed.set(m.order_id, list);
  }
  const latest = new Map<number, FloorPackRow>();
  for (const p of packs) if (!latest.has(p.orderId)) latest.set(p.orderId, p);
  return [...latest.values()].map((p) => ({
    orderId: p.orderId,
    orderName: p.orderName,
    packedAt: p.packedAt,
    packedBy: p.packer,
    station: p.station,
    lines: p.lines,
    printed: (printed.get(p.orderId) ?? []).slice(-60),
    times: counts.get(p.orderId) ?? 1,
    ...(p.overrides.length > 0 ? { overrides: [...p.overrides] } : {}),
  }));
}

async function marksOf(
  db: Db,
  account: string,
  orderIds: readonly number[],
  problems?: RowProblems,
) {
  return readMarks(
    (
      await db.query(
        `SELECT order_id, what, kind, station, printer, job_id, printed_at FROM printed_marks
          WHERE account = $1 AND order_id = ANY($2::bigint[]) ORDER BY printed_at`,
        [account, orderIds],
      )
    ).rows,
    problems,
  );
}

/** The orders' printed marks floor-wide: each order's last print of labels and of documents. */
export async function floorPrintedMarks(
  db: Db,
  account: string,
  orderIds: readonly number[],
): Promise<PrintedMark[]> {
  const last = new Map<string, PrintedMark>();
  for (const m of await marksOf(db, account, orderIds)) {
    last.set(`${m.order_id}/${m.what}`, {
      orderId: m.order_id,
      what: m.what,
      at: m.printed_at,
      printer: m.printer,
      jobId: m.job_id,
    });
  }
  return [...last.values()];
}

/** "Packed today" floor-wide: orders packed since `since`, and labels printed again. */
export async function floorPackCounts(
  db: Db,
  account: string,
  since: string,
): Promise<{ packed: number; reprints: number }> {
  const r = await db.query(
    `SELECT
       (SELECT count(DISTINCT order_id)::int FROM pack_log
         WHERE account = $1 AND packed_at >= $2) AS packed,
       (SELECT coalesce(sum(n - 1), 0)::int FROM (
          SELECT count(*) AS n FROM printed_marks
           WHERE account = $1 AND what = 'labels' AND printed_at >= $2
           GROUP BY order_id) per_order) AS reprints`,
    [account, since],
  );
  return { packed: Number(r.rows[0]?.packed ?? 0), reprints: Number(r.rows[0]?.reprints ?? 0) };
}
