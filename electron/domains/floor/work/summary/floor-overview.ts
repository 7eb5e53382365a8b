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
  station: string;
  packer: string;
  packedAt: Date;
}

/** Orders packed per station and per packer (most first), and per local hour (0-23). */
export function countPacks(
  rows: readonly PackRow[],
): Pick<FloorOverview, 'packedByStation' | 'packedByPacker' | 'packedPerHour'> {
  const byStation = new Map<string, number>();
  const byPacker = new Map<string, number>();
  const perHour = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 }));
  for (const row of rows) {
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
  };
}

/** Reads the floor (the view's one call); `now` decides "today" and who is online. */
export async function readFloorOverview(
  db: FloorQuery,
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
      WHERE touched_at > $1 ORDER BY since`,
    [new Date(now.getTime() - CLAIM_IDLE_MS)],
  );
  const packs = await db.query<{ station: string; packer: string; packed_at: Date }>(
    'SELECT station, packer, packed_at FROM pack_log WHERE packed_at >= $1 AND packed_at <= $2',
    [localMidnight(now), now],
  );
  const batches = await listBatches(db, "b.state IN ('running', 'stopped')");
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
        state: b.state === 'stopped' ? 'stopped' : b.live ? 'printing' : 'interrupted',
        holder: b.live ? b.holder : null,
        reason: b.reason,
      }),
    ),
    ...countPacks(
      packs.rows.map((p) => ({ station: p.station, packer: p.packer, packedAt: p.packed_at })),
    ),
  };
}
