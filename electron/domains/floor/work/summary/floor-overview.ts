/**
 * The supervisor's Floor view, read from the floor in one go: stations and who is signed in
 * (0001-core), open pack claims and today's packs (0002-pack), batches (0003-work). Counted
 * here, in plain code, so "today" and the hours are the station's local day, which the
 * database's time zone may not be.
 */
import type {
  FloorBatchLine,
  FloorCount,
  FloorOverview,
} from '../../../../../shared/contract/floor-overview-values';
import { listBatches } from '../batches/floor-batches';
import type { FloorQuery } from '../floor-db-port';

/** A station is "online" when its heartbeat (every 10 s) was heard within this. */
export const ONLINE_WITHIN_MS = 30_000;
/** A claim untouched for longer has lapsed (the pack rules' default idle time). */
export const CLAIM_IDLE_MS = 15 * 60_000;

export function localMidnight(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export interface PackRow {
  orderId: number;
  station: string;
  packer: string;
  packedAt: Date;
}

/**
 * Orders packed per station and per packer (most first), and per local hour (0-23). An order
 * counts once, where and when it was first packed today: a second pack of it (a repack past
 * the "Already packed" gate, or a double pack while offline) is a repack, counted apart, so
 * "Orders packed today" is orders, not parcels.
 */
export function countPacks(
  rows: readonly PackRow[],
): Pick<FloorOverview, 'packedByStation' | 'packedByPacker' | 'packedPerHour' | 'repacksToday'> {
  const byStation = new Map<string, number>();
  const byPacker = new Map<string, number>();
  const perHour = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 }));
  const firsts = new Map<number, PackRow>();
  for (const row of rows) {
    const seen = firsts.get(row.orderId);
    if (!seen || row.packedAt.getTime() < seen.packedAt.getTime()) firsts.set(row.orderId, row);
  }
  for (const row of firsts.values()) {
    byStation.set(row.station, (byStation.get(row.station) ?? 0) + 1);
    byPacker.set(row.packer, (byPacker.get(row.packer) ?? 0) + 1);
    const slot = perHour[row.packedAt.getHours()];
    if (slot) slot.orders += 1;
  }
  const ranked = (counts: Map<string, number>): FloorCount[] =>
    [...counts]
      .map(([name, orders]) => ({ name, orders }))
      .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name));
  return {
    packedByStation: ranked(byStation),
    packedByPacker: ranked(byPacker),
    packedPerHour: perHour,
    repacksToday: rows.length - firsts.size,
  };
}

/**
 * Reads the floor (the view's one call); `now` decides "today" and who is online. Claims,
 * packs and batches are the account's only (`account`: the floor's name for the connection);
 * the stations are the floor's, whatever account they work on.
 */
export async function readFloorOverview(
  db: FloorQuery,
  account: string,
  now: Date,
): Promise<Omit<FloorOverview, 'status' | 'problem'>> {
  const stations = await db.query<{
    name: string;
    last_seen: Date;
    packer: string | null;
    signed_in_at: Date | null;
  }>(
    `SELECT s.name, s.last_seen, i.packer, i.signed_in_at
       FROM floor_stations s
       LEFT JOIN floor_signins i ON i.station_id = s.id AND i.signed_out_at IS NULL
      ORDER BY s.name`,
  );
  const claims = await db.query<{
    order_name: string;
    station: string;
    packer: string;
    since: Date;
  }>(
    `SELECT order_name, station, packer, since FROM pack_claims
      WHERE account = $2 AND touched_at > $1 ORDER BY since`,
    [new Date(now.getTime() - CLAIM_IDLE_MS), account],
  );
  const packs = await db.query<{
    order_id: string;
    station: string;
    packer: string;
    packed_at: Date;
  }>(
    `SELECT order_id, station, packer, packed_at FROM pack_log
      WHERE account = $3 AND packed_at >= $1 AND packed_at <= $2`,
    [localMidnight(now), now, account],
  );
  const batches = await listBatches(db, account, "b.state IN ('running', 'stopped')");
  return {
    at: now.toISOString(),
    stations: stations.rows.map((s) => ({
      name: s.name,
      online: now.getTime() - s.last_seen.getTime() <= ONLINE_WITHIN_MS,
      lastSeen: s.last_seen.toISOString(),
      signedIn: s.packer,
      signedInSince: s.signed_in_at?.toISOString() ?? null,
    })),
    claims: claims.rows.map((c) => ({
      orderName: c.order_name,
      station: c.station,
      packer: c.packer,
      since: c.since.toISOString(),
    })),
    batches: batches.map(
      (b): FloorBatchLine => ({
        title: b.title,
        station: b.station,
        startedBy: b.startedBy,
        reached: b.reached,
        total: b.total,
        toCheck: b.toCheck,
        state: b.state === 'stopped' ? 'stopped' : b.live ? 'printing' : 'interrupted',
        holder: b.live ? b.holder : null,
        reason: b.reason,
      }),
    ),
    ...countPacks(
      packs.rows.map((p) => ({
        orderId: Number(p.order_id),
        station: p.station,
        packer: p.packer,
        packedAt: p.packed_at,
      })),
    ),
  };
}
