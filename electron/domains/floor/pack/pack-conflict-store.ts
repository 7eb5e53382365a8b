/**
 * The double packs the floor found (pack_conflicts), for the supervisor: both packs in words,
 * open until someone marks the conflict sorted out (with who and a note). Never merged: both
 * packs stay in the log as they were made.
 */
import type { PackQueryable } from './floor-port';
import { conflictWords } from './pack-conflicts';
import { RowProblems, readPacks } from './pack-floor-rows';

type Db = PackQueryable;

/** One conflict as the supervisor's list shows it. */
export interface PackConflictItem {
  id: number;
  orderId: number;
  orderName: string;
  first: { station: string; packer: string; packedAt: string; offline: boolean };
  second: { station: string; packer: string; packedAt: string; offline: boolean };
  foundAt: string;
  /** Null while open. */
  resolved: { by: string; at: string; note: string } | null;
}

const SIDE = (alias: string) =>
  `${alias}.pack_key AS ${alias}_pack_key, ${alias}.order_id AS ${alias}_order_id,
   ${alias}.order_name AS ${alias}_order_name, ${alias}.station AS ${alias}_station,
   ${alias}.packer AS ${alias}_packer, ${alias}.packed_at AS ${alias}_packed_at,
   ${alias}.offline AS ${alias}_offline, ${alias}.overrides AS ${alias}_overrides,
   ${alias}.lines AS ${alias}_lines`;

function side(row: Record<string, unknown>, alias: string) {
  const picked: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith(`${alias}_`)) picked[k.slice(alias.length + 1)] = v;
  }
  return picked;
}

/** The floor's conflicts, open ones first, newest first; `open` only when asked. */
export async function listPackConflicts(
  db: Db,
  account: string,
  options: { openOnly?: boolean } = {},
  problems: RowProblems = new RowProblems(),
): Promise<PackConflictItem[]> {
  const r = await db.query(
    `SELECT c.id, c.found_at, c.resolved_at, c.resolved_by, c.note, ${SIDE('a')}, ${SIDE('b')}
       FROM pack_conflicts c
       JOIN pack_log a ON a.pack_key = c.first_key
       JOIN pack_log b ON b.pack_key = c.second_key
      WHERE c.account = $1 ${options.openOnly ? 'AND c.resolved_at IS NULL' : ''}
      ORDER BY c.resolved_at IS NULL DESC, c.found_at DESC LIMIT 500`,
    [account],
  );
  return r.rows.flatMap((row) => {
    const [first] = readPacks([side(row, 'a')], problems);
    const [second] = readPacks([side(row, 'b')], problems);
    if (!first || !second) return [];
    const view = (p: typeof first) => ({
      station: p.station,
      packer: p.packer,
      packedAt: p.packedAt,
      offline: p.offline,
    });
    return [
      {
        id: Number(row.id),
        orderId: second.orderId,
        orderName: second.orderName,
        first: view(first),
        second: view(second),
        foundAt: new Date(row.found_at).toISOString(),
        resolved: row.resolved_at
          ? {
              by: String(row.resolved_by ?? ''),
              at: new Date(row.resolved_at).toISOString(),
              note: String(row.note ?? ''),
            }
          : null,
      },
    ];
  });
}

/** Marks a conflict sorted out (the parcel found, one voided …), with who and a note. */
export async function resolvePackConflict(
  db: Db,
  account: string,
  id: number,
  by: string,
  note: string,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE pack_conflicts SET resolved_at = now(), resolved_by = $3, note = $4
      WHERE account = $1 AND id = $2 AND resolved_at IS NULL`,
    [account, id, by.trim().slice(0, 80), note.trim().slice(0, 500)],
  );
  return (r.rowCount ?? 0) > 0;
}

/** A conflict in one sentence (the list's line; also for the station log). */
export function conflictItemWords(item: PackConflictItem, time: (iso: string) => string): string {
  const pack = (s: PackConflictItem['first'], key: string) => ({
    packKey: key,
    orderId: item.orderId,
    orderName: item.orderName,
    overrides: [],
    ...s,
  });
  return conflictWords(
    {
      orderId: item.orderId,
      orderName: item.orderName,
      first: pack(item.first, 'a'),
      second: pack(item.second, 'b'),
    },
    time,
  );
}
