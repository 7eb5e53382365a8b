/**
 * A claim's idle time on the real cluster (scripts/with-postgres.sh), two stations as two floor
 * sessions on one database: what a packer and a supervisor check. A pack that takes longer than
 * the idle limit keeps its claim while its packer verifies items (each refresh throttled to one
 * write per interval, on an injected clock); the gate at the other station says how long the
 * claim has been idle; the limit is Settings → Floor's, one for the whole floor, bounded and
 * checked. Idle time itself is the database's: the test moves a claim's last touch back on
 * that clock (no test waits 15 minutes).
 */
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate';
import type { FloorSessionImpl } from '../floor-session';
import { NO_CLUSTER, pgSkip } from '../test-support/floor-database';
import { testDatabaseForFile } from '../test-support/test-database-for-file';
import type { Claimant } from './claim-rules';
import { createFloorPackHandlers } from './floor-pack-handlers';
import { FloorPackStation } from './floor-pack-station';

const ACCOUNT = 'acct-idle';
const floor = testDatabaseForFile('claimidle');
/** One station: its floor session and pack station on a clock the test moves. */
async function station(id: string, name: string) {
  const session = floor.session(id, name, {
    // The core's, the pack's and the claim rules' steps.
    migrations: readMigrations().filter((m) => m.version <= 2 || m.version === 7),
  });
  expect(await session.ready()).toBe('online');
  const clock = { now: 1_000_000 };
  const pack = new FloorPackStation(session, {
    account: ACCOUNT,
    scanBudgetMs: 5_000,
    touchEveryMs: 20_000,
    now: () => clock.now,
  });
  return { name, pack, clock, session };
}

const who = (name: string, orderId: number, packer: string): Claimant => ({
  orderId,
  orderName: `#${30_000 + orderId}`,
  station: name,
  packer,
});

/** Moves the claim's last touch back by `minutes` on the database's clock. */
async function age(session: FloorSessionImpl, orderId: number, minutes: number) {
  await session.db?.query(
    `UPDATE pack_claims SET touched_at = touched_at - make_interval(mins => $3)
      WHERE account = $1 AND order_id = $2`,
    [ACCOUNT, orderId, minutes],
  );
}

async function idleMinutes(session: FloorSessionImpl, orderId: number): Promise<number> {
  const r = await session.db?.query(
    `SELECT floor(extract(epoch FROM now() - touched_at) / 60) AS m FROM pack_claims
      WHERE account = $1 AND order_id = $2`,
    [ACCOUNT, orderId],
  );
  return Number(r?.rows[0]?.m);
}

describe.skipIf(pgSkip)(`a claim's idle time (${NO_CLUSTER})`, () => {
  it('a long pack keeps its claim while items are verified; left alone, it lets go', async () => {
    const s3 = await station('st-idle-3', 'Station 3');
    const s5 = await station('st-idle-5', 'Station 5');
    expect((await s3.pack.open(who(s3.name, 1, 'Ana'))).source).toBe('floor');

    // 14 minutes in, Ana verifies an item: the claim's idle time starts again.
    await age(s3.session, 1, 14);
    s3.clock.now += 14 * 60_000;
    expect(await s3.pack.touch(1, s3.name)).toBe(true);
    expect(await idleMinutes(s3.session, 1)).toBe(0);
    // Items verified in the next seconds do not write again (at most one per 20 s).
    await age(s3.session, 1, 3);
    s3.clock.now += 5_000;
    expect(await s3.pack.touch(1, s3.name)).toBe(false);
    s3.clock.now += 10_000;
    expect(await s3.pack.touch(1, s3.name)).toBe(false);
    expect(await idleMinutes(s3.session, 1)).toBe(3);
    s3.clock.now += 6_000;
    expect(await s3.pack.touch(1, s3.name)).toBe(true);
    expect(await idleMinutes(s3.session, 1)).toBe(0);

    // 28 minutes after it was opened, 12 since the last item: Station 5 meets the gate, and
    // the gate says how long the claim has been idle.
    await age(s3.session, 1, 12);
    const handlers = createFloorPackHandlers({
      floor: s5.pack,
      station: () => s5.name,
      packer: () => 'Bo',
    });
    const gate = await handlers.floorPackOpen({ orderId: 1, orderName: '#30001' }, {} as never);
    expect(gate).toMatchObject({
      floor: 'floor',
      holder: { station: 'Station 3', packer: 'Ana', idleMinutes: 12 },
    });

    // Left alone past 15 minutes, the claim lets go: Station 5 takes it without an override.
    await age(s3.session, 1, 4);
    const taken = await s5.pack.open(who(s5.name, 1, 'Bo'));
    expect(taken).toMatchObject({ source: 'floor', claim: { kind: 'granted' } });
    // Ana's next item no longer refreshes a claim that is not hers.
    s3.clock.now += 60_000;
    expect(await s3.pack.touch(1, s3.name)).toBe(false);
  });

  it('the idle limit is the floor’s, set once in Settings → Floor for every station', async () => {
    const s3 = await station('st-set-3', 'Station 3');
    const s5 = await station('st-set-5', 'Station 5');
    expect(await s5.pack.claimSettings()).toMatchObject({
      claimIdleMinutes: 15,
      changedBy: null,
      floor: 'floor',
    });
    const saved = await s3.pack.saveClaimSettings(30, 'Dee');
    expect(saved).toMatchObject({ claimIdleMinutes: 30, changedBy: 'Dee', floor: 'floor' });
    // The other station reads the floor's value, and its claims follow it at once.
    expect(await s5.pack.claimSettings()).toMatchObject({ claimIdleMinutes: 30, changedBy: 'Dee' });
    await s3.pack.open(who(s3.name, 2, 'Ana'));
    await age(s3.session, 2, 20);
    const held = await s5.pack.open(who(s5.name, 2, 'Bo'));
    expect(held).toMatchObject({ source: 'floor', claim: { kind: 'held' } });
    await age(s3.session, 2, 11);
    expect(await s5.pack.open(who(s5.name, 2, 'Bo'))).toMatchObject({
      claim: { kind: 'granted' },
    });

    // Out of bounds: a clear sentence, and the floor's value is unchanged.
    await expect(s3.pack.saveClaimSettings(0, 'Dee')).rejects.toThrow(/between 1 and 720 minutes/);
    await expect(s3.pack.saveClaimSettings(721, 'Dee')).rejects.toThrow(/between 1 and 720/);
    await expect(s3.pack.saveClaimSettings(2.5, 'Dee')).rejects.toThrow(/whole minutes/);
    expect((await s5.pack.claimSettings()).claimIdleMinutes).toBe(30);
    // A row changed by hand into nonsense is refused by the database itself.
    await expect(
      s3.session.db?.query('UPDATE floor_claim_settings SET claim_idle_minutes = 0'),
    ).rejects.toThrow(/check constraint/);
  });
});
