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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../../../../sandbox/data/dataset';
import type { Dataset } from '../../../../../sandbox/data/types';
import { type RunningSandbox, startSandbox } from '../../../../../sandbox/server/start';
import { createApiClient } from '../../../../kernel/api/api-client';
import { AccountLimiter } from '../../../../kernel/api/limiter';
import { HoldingProxy } from '../../../../kernel/test-support/holding-proxy';
import { ManualClock } from '../../../../kernel/test-support/manual-clock';
import { REFERENCE_ATTRIBUTE } from '../../../orders/order-create';
import {
  createWorkDatabase,
  hasCluster,
  requireCluster,
  type WorkDatabase,
} from '../test-support/work-database';
import { createOrderOnFloor, FloorPendingCreates } from './floor-pending-creates';

const run = hasCluster || requireCluster;
/** The API account these rows belong to (0006-work-account.sql). */
const ACCOUNT = 'account-a';
const KEY = 'pk_floor_creates_0123456789';
let sandbox: RunningSandbox;
let dataset: Dataset;
let proxy: HoldingProxy;
let db: WorkDatabase;

beforeAll(async () => {
  if (!run) return;
  dataset = buildDataset({ seed: 7, scale: 0.02, now: new Date() });
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, dataset });
  proxy = await new HoldingProxy(sandbox.url).start();
  db = await createWorkDatabase();
});
afterEach(() => proxy?.reset());
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  await db?.drop();
});

function stationConsole(station: string, pool: pg.Pool) {
  const clock = new ManualClock();
  const api = createApiClient({
    baseUrl: proxy.url,
    apiKey: KEY,
    limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000 }),
    // Short, so "held past the timeout" happens at once; it guards, it is not measured.
    timeoutMs: 300,
    retries: 2,
    minRetryDelayMs: 1,
    maxRetryDelayMs: 5,
  });
  const pending = new FloorPendingCreates({ db: () => pool, station, account: () => ACCOUNT });
  return {
    clock,
    send: (order: Record<string, unknown>, reference: string) =>
      createOrderOnFloor(
        api,
        { order, reference, mayExist: false },
        { priority: 'interactive' },
        { clock },
        pending,
      ),
  };
}

function storedWith(reference: string): number[] {
  return dataset.orders.rows
    .filter((row) => {
      const attributes = dataset.orders.get(row.id)?.note_attributes;
      return (
        Array.isArray(attributes) &&
        attributes.some(
          (a) =>
            (a as { name?: unknown }).name === REFERENCE_ATTRIBUTE &&
            (a as { value?: unknown }).value === reference,
        )
      );
    })
    .map((row) => row.id);
}

const draft = (reference: string) => ({
  recipient_name: `Floor ${reference.slice(0, 8)}`,
  address1: '3 Dock Road',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'GB',
});

async function pendingRows(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM floor_pending_creates',
  );
  return Number(rows[0]?.n);
}

describe.skipIf(!run)('the same draft from two consoles, the API slowed past the timeout', () => {
  it('one after the other: the second waits for the first create and no second order is made', async () => {
    const one = stationConsole('Station 1', db.pool());
    const two = stationConsole('Station 2', db.pool());
    const reference = randomUUID();
    proxy.plan.push('hold', 'pass');
    const first = one.send(draft(reference), reference);
    await proxy.whenHolding();
    await one.clock.asleep(); // its transport gave up; it is looking the order up
    const second = two.send(draft(reference), reference);
    await two.clock.asleep(); // it looked, found nothing yet, and waits instead of sending
    expect(proxy.forwarded).toBe(0);
    expect(proxy.holding).toBe(1);
    await proxy.release();
    one.clock.advance(1_000);
    two.clock.advance(1_000);
    const [a, b] = await Promise.all([first, second]);
    expect(storedWith(reference)).toEqual([a.id]);
    expect(b.id).toBe(a.id);
    expect(await pendingRows(db.pool(1))).toBe(0);
  });

  it('both at the same moment, 20 drafts: 0 duplicate orders', async () => {
    const one = stationConsole('Station 1', db.pool());
    const two = stationConsole('Station 2', db.pool());
    let duplicates = 0;
    for (let i = 0; i < 20; i += 1) {
      const reference = randomUUID();
      // Only one create is held; a second create, if one were sent, would go straight through.
      proxy.plan.push('hold');
      const sends = [
        one.send(draft(reference), reference),
        two.send(draft(reference), reference),
      ] as const;
      await proxy.whenHolding();
      await Promise.all([one.clock.asleep(), two.clock.asleep()]);
      await proxy.release();
      one.clock.advance(1_000);
      two.clock.advance(1_000);
      const [a, b] = await Promise.all(sends);
      if (storedWith(reference).length !== 1 || a.id !== b.id) duplicates += 1;
      proxy.reset();
    }
    expect(duplicates).toBe(0);
  });
});
