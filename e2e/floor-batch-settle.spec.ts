/**
 * A floor batch's "may have printed" orders settled in Chromium (issue 29). The office desk was
 * killed while sending a job of a 40-order batch: the floor holds those 5 orders as 'pending'
 * at the office desk (written here as that kill leaves them; the kill itself, with station
 * processes, is floor-batch-rest.pg.test.ts). At a pack station on the same floor the batch is
 * listed with the 5 as "may have printed" and two answers naming the count. The clerk checked
 * the office printer and found them: "They printed (5)" marks them printed on the floor's
 * database, the group leaves the row and the toast says where they are on paper.
 *
 * Screenshots of the row at 1280x720 and 1440x900 are attached to the run.
 * Runs inside scripts/with-postgres.sh; skips without a cluster unless PACKBENCH_REQUIRE_PG=1.
 */
import { randomUUID } from 'node:crypto';
import { api, bridgeCall, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { attachAtDeskSizes } from './support/desk-screenshots';
import * as floor from './support/floor-stations';

test.skip(!floor.hasCluster && !floor.requireCluster, floor.NO_CLUSTER);

interface LabelledOrder {
  id: number;
  order_name: string | null;
  shipments: { label_url?: string | null }[];
}

test('"They printed" settles the orders an interrupted office batch may have printed, floor-wide', async ({
  browser,
  sandbox,
}, testInfo) => {
  test.setTimeout(240_000);
  const db = await floor.createFloorDatabase();
  let pack: Awaited<ReturnType<typeof floor.startStation>> | undefined;
  try {
    pack = await floor.startStation(
      db,
      { apiBase: sandbox.url, apiKey: sandbox.key },
      { name: 'Pack 3', packer: 'Bo' },
    );
    const url = pack.running.url;
    await expect
      .poll(async () => (await bridgeCall<{ status: string }>(url, 'floorStatus', {})).status, {
        timeout: 60_000,
      })
      .toBe('online');
    const labelled = (
      await api<{ results: LabelledOrder[] }>(sandbox, '/api/orders/', { page_size: 200 })
    ).results.filter((o) => o.shipments.length > 0 && o.shipments.every((s) => s.label_url));
    const orders = labelled
      .slice(0, 41)
      .map((o) => ({ id: o.id, name: o.order_name ?? `Order ${o.id}` }));
    // One label printed here puts this station's API account on the floor (by its name, never
    // its key): the office desk's batch below belongs to the same account.
    await bridgeCall(url, 'printOrderLabels', {
      orderIds: [orders[40]?.id],
      override: { printerId: 'save-to-folder' },
    });
    const [own] = await db.query<{ account: string }>('SELECT account FROM floor_batches');
    expect(own?.account).toBeTruthy();

    // The office desk's batch as its kill left it: 10 printed, 5 being sent, 25 not reached.
    const batch = orders.slice(0, 40);
    const id = randomUUID();
    await db.query(
      `INSERT INTO floor_batches (id, title, what, orders, total, state, station, started_by,
                                  holder, created_at, updated_at, account)
       VALUES ($1, $2, 'labels', $3, 40, 'running', 'Office desk', 'Ana', 'Office desk', now(), now(), $4)`,
      [
        id,
        `40 orders: ${batch[0]?.name} … ${batch[39]?.name}`,
        JSON.stringify(batch),
        own?.account,
      ],
    );
    await db.query(
      `INSERT INTO floor_batch_orders (batch_id, order_id, outcome, station, at)
       SELECT $1, o.id, CASE WHEN o.n <= 10 THEN 'queued' ELSE 'pending' END, 'Office desk', now()
         FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, n)`,
      [id, batch.slice(0, 15).map((o) => o.id)],
    );
    const maybe = batch.slice(10, 15);

    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => {
      window.location.hash = '#/print-queue';
    });
    const row = page.getByTestId('interrupted-batch');
    await expect(row).toContainText('40 orders: 10 printed, 5 may have printed, 25 not reached');
    await expect(row).toContainText(`May have printed — check: ${maybe[0]?.name}`);
    const printed = row.getByRole('button', { name: 'They printed (5)' });
    await expect(printed).toHaveAttribute('title', /on paper at Office desk: mark these 5 orders/);
    await expect(row.getByRole('button', { name: 'Print them (5)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'a batch with orders to check');
    await attachAtDeskSizes(page, testInfo, 'settle-row');

    // The clerk found them on paper at the office desk: one click, by keyboard.
    await printed.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('5 orders marked printed', { exact: true })).toBeVisible();
    await expect(row).toContainText('40 orders: 15 printed, 25 not reached');
    await expect(row.getByRole('button', { name: /They printed|Print them/ })).toHaveCount(0);
    // Printed floor-wide: the floor's marks hold them, at the office desk's printer.
    const marks = await db.query<{ order_id: string; station: string }>(
      'SELECT order_id::text, station FROM printed_marks WHERE order_id = ANY($1::bigint[])',
      [maybe.map((o) => o.id)],
    );
    expect(marks.map((m) => Number(m.order_id)).sort()).toEqual(maybe.map((o) => o.id).sort());
    expect(new Set(marks.map((m) => m.station))).toEqual(new Set(['Office desk']));
    await context.close();
  } finally {
    await pack?.stop();
    await db.drop();
  }
});
