/**
 * The Floor view's reading on the real cluster: what a supervisor checks — which stations are
 * on, who is signed in where, open claims (a lapsed one left out), batches running or cut off,
 * and today's packs counted per station, per packer and per hour of the local day
 * (yesterday's not counted).
 */
import { describe, expect, it } from 'vitest';
import { FloorBatches } from '../batches/floor-batches';
import { workDatabaseForFile } from '../test-support/work-database';
import { countPacks, localMidnight, readFloorOverview } from './floor-overview';

/** The account the view reads; rows of another one on the same database stay out of it. */
const ACCOUNT = 'acct';
const floor = workDatabaseForFile();

// 15:20 local time today: the view's "now".
const today = (h: number, m = 0) => {
  const d = localMidnight(new Date());
  d.setHours(h, m);
  return d;
};

describe('counting packs', () => {
  it('per station and packer, most first, and per local hour', () => {
    const counted = countPacks([
      { orderId: 1, station: 'Station 1', packer: 'Ana', packedAt: today(9, 5) },
      { orderId: 2, station: 'Station 1', packer: 'Ana', packedAt: today(9, 50) },
      { orderId: 3, station: 'Station 2', packer: 'Ben', packedAt: today(14, 1) },
    ]);
    expect(counted.packedByStation).toEqual([
      { name: 'Station 1', orders: 2 },
      { name: 'Station 2', orders: 1 },
    ]);
    expect(counted.packedByPacker.map((p) => p.name)).toEqual(['Ana', 'Ben']);
    expect(counted.packedPerHour).toHaveLength(24);
    expect(counted.packedPerHour[9]).toEqual({ hour: 9, orders: 2 });
    expect(counted.packedPerHour[14]).toEqual({ hour: 14, orders: 1 });
    expect(counted.packedPerHour.reduce((n, h) => n + h.orders, 0)).toBe(3);
    expect(counted.repacksToday).toBe(0);
  });

  it('an order packed twice (an override repack) is one order, and one repack', () => {
    const counted = countPacks([
      // The repack is listed first: the order still counts where it was first packed.
      { orderId: 1, station: 'Station 2', packer: 'Ben', packedAt: today(11, 30) },
      { orderId: 1, station: 'Station 1', packer: 'Ana', packedAt: today(9, 5) },
      { orderId: 2, station: 'Station 1', packer: 'Ana', packedAt: today(10, 0) },
    ]);
    expect(counted.packedPerHour.reduce((n, h) => n + h.orders, 0)).toBe(2);
    expect(counted.packedByStation).toEqual([{ name: 'Station 1', orders: 2 }]);
    expect(counted.packedByPacker).toEqual([{ name: 'Ana', orders: 2 }]);
    expect(counted.packedPerHour[11]?.orders).toBe(0);
    expect(counted.repacksToday).toBe(1);
  });
});

describe.skipIf(!floor.run)('the floor at a glance (real PostgreSQL)', () => {
  it('stations, sign-ins, claims, batches and today’s packs', async () => {
    const now = today(15, 20);
    await floor.pool.query(
      `INSERT INTO floor_stations (id, name, last_seen) VALUES
         ('st-1', 'Station 1', $1), ('st-2', 'Station 2', $2)`,
      [new Date(now.getTime() - 5_000), new Date(now.getTime() - 10 * 60_000)],
    );
    await floor.pool.query(
      `INSERT INTO floor_signins (station_id, packer, signed_in_at) VALUES ('st-1', 'Ana', $1)`,
      [today(8)],
    );
    await floor.pool.query(
      `INSERT INTO pack_claims (account, order_id, order_name, station, packer, since, touched_at) VALUES
         ('acct', 1, '#1001', 'Station 1', 'Ana', $1, $1),
         ('acct', 2, '#1002', 'Station 2', 'Ben', $2, $2)`,
      [today(15, 10), today(13, 0)],
    );
    const packs: [string, string, number, string, string, Date][] = [
      ['k-000001', 'acct', 7, 'Station 1', 'Ana', today(9, 5)],
      ['k-000002', 'acct', 8, 'Station 1', 'Ana', today(9, 40)],
      ['k-000003', 'acct', 9, 'Station 2', 'Ben', today(11, 0)],
      // Order 7 again at Station 2 (an override repack): one order, one repack.
      ['k-000005', 'acct', 7, 'Station 2', 'Ben', today(12, 0)],
      ['k-000004', 'acct', 10, 'Station 1', 'Ben', new Date(localMidnight(now).getTime() - 60_000)],
      // Another account's pack on the same database: not this floor's.
      ['k-000006', 'other-acct', 11, 'Station 9', 'Zed', today(10, 0)],
    ];
    for (const [key, account, orderId, station, packer, at] of packs) {
      await floor.pool.query(
        `INSERT INTO pack_log (pack_key, account, order_id, order_name, station, packer, packed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [key, account, orderId, `#${orderId}`, station, packer, at],
      );
    }
    const hold = await new FloorBatches(floor.pool, 'Office desk', ACCOUNT).begin({
      id: 'b-1',
      title: '12 labels',
      what: 'labels',
      orders: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `#${i + 1}` })),
      startedBy: 'Cleo',
    });
    await hold.record([{ id: 1, outcome: 'queued' }]);

    const seen = await readFloorOverview(floor.pool, ACCOUNT, now);
    expect(seen.stations).toEqual([
      expect.objectContaining({ name: 'Station 1', online: true, signedIn: 'Ana' }),
      expect.objectContaining({ name: 'Station 2', online: false, signedIn: null }),
    ]);
    expect(seen.claims).toEqual([
      {
        orderName: '#1001',
        station: 'Station 1',
        packer: 'Ana',
        since: today(15, 10).toISOString(),
      },
    ]);
    expect(seen.batches).toEqual([
      {
        title: '12 labels',
        station: 'Office desk',
        startedBy: 'Cleo',
        reached: 1,
        total: 12,
        toCheck: 0,
        state: 'printing',
        holder: 'Office desk',
        reason: null,
      },
    ]);
    expect(seen.packedByStation).toEqual([
      { name: 'Station 1', orders: 2 },
      { name: 'Station 2', orders: 1 },
    ]);
    expect(seen.packedPerHour[9]?.orders).toBe(2);
    expect(seen.packedPerHour[12]?.orders).toBe(0);
    expect(seen.repacksToday).toBe(1);
    // Another account's batch is not on this account's view.
    const theirs = await new FloorBatches(floor.pool, 'Their desk', 'other-acct').begin({
      id: 'b-2',
      title: '3 labels',
      what: 'labels',
      orders: [{ id: 1, name: '#1' }],
      startedBy: 'Zed',
    });
    expect((await readFloorOverview(floor.pool, ACCOUNT, now)).batches.map((b) => b.title)).toEqual(
      ['12 labels'],
    );
    await theirs.end('finished');
    await hold.end('finished');
    expect((await readFloorOverview(floor.pool, ACCOUNT, now)).batches).toEqual([]);
  });
});
