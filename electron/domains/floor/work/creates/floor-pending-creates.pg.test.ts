/**
 * Pending creates on the real cluster, two consoles (two pools, two API clients, two clocks)
 * on one floor database and one sandbox behind a proxy that holds a create past the
 * transport's timeout (the fault campaign's slow create; test-support/holding-proxy.ts).
 * What is checked is what the warehouse checks: the service holds exactly one order for the
 * draft, and both consoles hand back that one. Time for the windows runs on ManualClocks, moved
 * only once the consoles are asleep between lookups; the proxy is driven by events.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../kernel/api/api-client';
import { ManualClock } from '../../../../kernel/test-support/manual-clock';
import { fastCreateClient } from '../../../orders/test-support/created-orders';
import { floorDraft, heldSandboxForFile } from '../../../orders/test-support/held-sandbox';
import { workDatabaseForFile } from '../test-support/work-database';
import { createOrderOnFloor, FloorPendingCreates } from './floor-pending-creates';

/** The API account these rows belong to (0006-work-account.sql). */
const ACCOUNT = 'account-a';
const KEY = 'pk_floor_creates_0123456789';
const floor = workDatabaseForFile();
const api = heldSandboxForFile({ key: KEY, seed: 7, run: floor.run, resetAfterEach: true });

function stationConsole(station: string, pool: pg.Pool) {
  const clock = new ManualClock();
  // Short timeout and quick retries, so "held past the timeout" happens at once; it guards,
  // it is not measured.
  const client = createApiClient({ baseUrl: api.proxy.url, apiKey: KEY, ...fastCreateClient() });
  const pending = new FloorPendingCreates({ db: () => pool, station, account: () => ACCOUNT });
  return {
    clock,
    send: (order: Record<string, unknown>, reference: string) =>
      createOrderOnFloor(
        client,
        { order, reference, mayExist: false },
        { priority: 'interactive' },
        { clock },
        pending,
      ),
  };
}

async function pendingRows(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM floor_pending_creates',
  );
  return Number(rows[0]?.n);
}

describe.skipIf(!floor.run)(
  'the same draft from two consoles, the API slowed past the timeout',
  () => {
    it('one after the other: the second waits for the first create and no second order is made', async () => {
      const one = stationConsole('Station 1', floor.db.pool());
      const two = stationConsole('Station 2', floor.db.pool());
      const reference = randomUUID();
      api.proxy.plan.push('hold', 'pass');
      const first = one.send(floorDraft(reference), reference);
      await api.proxy.whenHolding();
      await one.clock.asleep(); // its transport gave up; it is looking the order up
      const second = two.send(floorDraft(reference), reference);
      await two.clock.asleep(); // it looked, found nothing yet, and waits instead of sending
      expect(api.proxy.forwarded).toBe(0);
      expect(api.proxy.holding).toBe(1);
      await api.proxy.release();
      one.clock.advance(1_000);
      two.clock.advance(1_000);
      const [a, b] = await Promise.all([first, second]);
      expect(api.storedWith(reference)).toEqual([a.id]);
      expect(b.id).toBe(a.id);
      expect(await pendingRows(floor.db.pool(1))).toBe(0);
    });

    it('both at the same moment, 20 drafts: 0 duplicate orders', async () => {
      const one = stationConsole('Station 1', floor.db.pool());
      const two = stationConsole('Station 2', floor.db.pool());
      let duplicates = 0;
      for (let i = 0; i < 20; i += 1) {
        const reference = randomUUID();
        // Only one create is held; a second create, if one were sent, would go straight through.
        api.proxy.plan.push('hold');
        const sends = [
          one.send(floorDraft(reference), reference),
          two.send(floorDraft(reference), reference),
        ] as const;
        await api.proxy.whenHolding();
        await Promise.all([one.clock.asleep(), two.clock.asleep()]);
        await api.proxy.release();
        one.clock.advance(1_000);
        two.clock.advance(1_000);
        const [a, b] = await Promise.all(sends);
        if (api.storedWith(reference).length !== 1 || a.id !== b.id) duplicates += 1;
        api.proxy.reset();
      }
      expect(duplicates).toBe(0);
    });
  },
);
