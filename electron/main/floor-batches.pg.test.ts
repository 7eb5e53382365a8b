/**
 * Print batches floor-wide through the whole composition (issue 29): a console composed as
 * browser mode composes it, on a floor database (the cluster of scripts/with-postgres.sh) and
 * a sandbox, prints a batch of labels to a folder. What a supervisor checks at any station:
 * the batch is on the floor with where it was printed, by whom, and every order reached, and
 * it is no longer open once finished; its labels are printed floor-wide (the floor's printed
 * marks, which every pack station reads). Without a floor the same console prints the same way
 * (batch-print.test.ts covers that).
 */
import { rmSync } from 'node:fs';
import type { Api } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../domains/floor/test-support/floor-database';
import { openRig, type Rig } from '../test-support/printing-rig';

const KEY = 'pk_floor_batches_0123456789';
let db: TestDatabase;
let sandbox: RunningSandbox;
let rig: Rig;

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('batches');
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 1000 });
  rig = await openRig({ printing: { useCups: false } }, { url: sandbox.url, key: KEY });
});
afterAll(async () => {
  await rig?.bridge.close();
  await sandbox?.close();
  await db?.drop();
  if (rig) rmSync(rig.dir, { recursive: true, force: true });
});

describe.skipIf(pgSkip)(`a batch printed at a console on the floor (${NO_CLUSTER})`, () => {
  it('is on the floor with its station, who printed it and every order reached', {
    timeout: 120_000,
  }, async () => {
    await rig.call('settingsUpdate', { patch: { station: { name: 'Label desk', packer: 'Ana' } } });
    const joined = await rig.call('floorSettingsSave', {
      connection: {
        host: db.connection.host,
        port: db.connection.port,
        database: db.connection.database,
        user: db.connection.user,
        tls: 'require',
        password: db.connection.password,
      },
    });
    expect(joined).toMatchObject({ status: 'online' });
    const labels = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 3 });
    const orders = labels.results as Api['Order'][];
    expect(orders).toHaveLength(3);
    const outcome = await rig.call('printOrderLabels', {
      orderIds: orders.map((o) => o.id),
      override: { printerId: 'save-to-folder' },
    });
    expect(outcome.batch?.state).toBe('finished');
    expect(outcome.jobs.length).toBeGreaterThan(0);

    const check = await db.client();
    try {
      // The batch is on the floor before its first job; its end is written after the answer
      // (batch-print.ts), so a running batch is read again until it ends.
      const finished = await new Promise<{ rows: Record<string, unknown>[] }>((resolve, reject) => {
        const look = () =>
          check
            .query(
              `SELECT station, started_by, state, total,
                      (SELECT count(*)::int FROM floor_batch_orders o WHERE o.batch_id = b.id) AS reached
                 FROM floor_batches b`,
            )
            .then((r) => (r.rows[0]?.state === 'running' ? setImmediate(look) : resolve(r)))
            .catch(reject);
        look();
      });
      expect(finished.rows).toEqual([
        { station: 'Label desk', started_by: 'Ana', state: 'finished', total: 3, reached: 3 },
      ]);
      // Its labels are printed floor-wide: the marks the batch wrote in this station's store
      // followed to the floor, where every pack station reads them (sent after the batch's
      // commit, so read until they are there).
      const ids = orders.map((o) => o.id).sort((a, b) => a - b);
      await expect
        .poll(
          async () =>
            (
              await check.query(
                `SELECT order_id::int AS id, what, station FROM printed_marks ORDER BY order_id`,
              )
            ).rows,
        )
        .toEqual(ids.map((id) => ({ id, what: 'labels', station: 'Label desk' })));
      // And a pack station's "printed" reads them, with where they were printed.
      const marks = await rig.call('printedMarksList', { orderIds: ids });
      expect(marks.marks.map((m) => [m.orderId, m.what]).sort()).toEqual(
        ids.map((id) => [id, 'labels']),
      );
    } finally {
      await check.end();
    }
  });
});
