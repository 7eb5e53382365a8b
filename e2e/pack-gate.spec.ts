/**
 * The pack gate (issue 28) in Chromium against the sandbox, a gate per order the sandbox
 * holds (found by asking it, not by name): cancelled and refunded, shipped, delivered, partly
 * refunded, on hold, already packed, no label, unreadable quantities. Each blocks: red, nothing
 * counted, nothing printed (the console's own print queue stays empty, so CUPS gets nothing);
 * an unskippable one offers no override; an override (Ctrl+Enter and a reason) is written in
 * the pack log with who, when and why. An order cancelled after the console read it is still
 * caught (a proxy over the sandbox plays the cancel; the page's clock is moved past the 5 s
 * the gate trusts a read for). axe on the gate and its override dialog.
 */
import type { Page } from '@playwright/test';
import { api, bridgeCall, expect, test } from './orders-fixture';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { launchConsole } from './support/console-fixture';
import { skipWithoutCups } from './support/cups-pdf';
import { startOrderStateProxy } from './support/order-state-proxy';
import { type PackOrder, packLinesOf } from './support/pack-orders';
import { scan, scanOrder } from './support/scanner';

interface GateOrder extends PackOrder {
  status?: string | null;
  payment_status?: string | null;
  total_refunded?: string | null;
}

interface PackRecordSeen {
  orderId: number;
  packedBy: string;
  station: string;
  lines: { sku: string; qty: number; scanned: number; byHand: number; typed?: number }[];
  overrides?: { gate: string; reason: string; at: string }[];
}

const PRINTER = 'cups:Packbench-PDF';

/** Labels and slips routed to the CUPS PDF printer, both printed when a pack completes. */
async function setUp(url: string): Promise<void> {
  await bridgeCall(url, 'settingsUpdate', {
    patch: {
      printing: {
        routes: { shipping_label: { printerId: PRINTER }, packing_slip: { printerId: PRINTER } },
        scan: { label: true, packingSlip: true },
      },
      station: { name: 'Bench 7' },
    },
  });
}

async function openBench(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => {
    window.location.hash = '#/pack';
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Pack' })).toBeVisible();
}

/** The gate closed for exactly these reasons (in the gate's order). */
async function expectStopped(page: Page, kinds: string[]): Promise<void> {
  const gate = page.getByTestId('pack-gate');
  await expect(gate).toHaveAttribute('data-gate', 'blocked');
  await expect(gate).toHaveAttribute('data-kinds', kinds.join(' '));
  await expect(gate).toContainText('Stop: do not pack this order');
  await expect(page.getByTestId('pack-gate-stage')).toContainText('Stage:');
}

/** An item scanned behind the gate counts nothing and says so. */
async function expectNothingCounted(page: Page, order: PackOrder): Promise<void> {
  const lines = packLinesOf(order);
  const total = lines.reduce((s, l) => s + (Number.isInteger(l.qty) && l.qty > 0 ? l.qty : 0), 0);
  await scan(page, lines[0]!.sku);
  await expect(page.getByTestId('pack-signal')).toContainText('Stopped');
  await pressShortcut(page, 'c');
  await expect(page.getByTestId('pack-progress')).toHaveText(`0 of ${total} verified`);
}

/**
 * A shortcut key, waited for until its shortcut ran (the layer announces each): a person's
 * key is held a moment in case a scanner sent it, and a scan sent right behind it would read
 * as one code with it.
 */
async function pressShortcut(page: Page, key: string): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { shortcutRan?: boolean };
    w.shortcutRan = false;
    window.addEventListener(
      'packbench-shortcut',
      () => {
        w.shortcutRan = true;
      },
      { once: true },
    );
  });
  await page.keyboard.press(key);
  await page.waitForFunction(() => (window as unknown as { shortcutRan?: boolean }).shortcutRan);
}

async function jobsOf(url: string) {
  return (
    await bridgeCall<{ jobs: { documentKind?: string; title?: string }[] }>(
      url,
      'printJobsList',
      {},
    )
  ).jobs;
}

async function packLog(url: string, orderId: number): Promise<PackRecordSeen[]> {
  const { records } = await bridgeCall<{ records: PackRecordSeen[] }>(url, 'packLogList', {
    orderIds: [orderId],
  });
  return records;
}

async function firstOrder(
  sandbox: Parameters<typeof api>[0],
  query: Record<string, string | number>,
  keep: (o: GateOrder) => boolean = () => true,
): Promise<GateOrder> {
  const page = await api<{ results: GateOrder[] }>(sandbox, '/api/orders/', {
    page_size: 200,
    ...query,
  });
  const found = page.results.find(
    (o) => o.order_name && Array.isArray(o.items) && o.items.length > 0 && keep(o),
  );
  expect(found, `an order for ${JSON.stringify(query)}`).toBeTruthy();
  return found!;
}

/** A number typed by hand: its digits, the number seen on screen, then Enter. */
async function typeNumber(page: Page, n: number): Promise<void> {
  for (const key of String(n)) await page.keyboard.press(key);
  await expect(page.getByTestId('pack-typing')).toContainText(`Typed ${n}`);
  await page.keyboard.press('Enter');
}

/** Ctrl+Enter, a reason picked, "Override and pack". */
async function override(page: Page, reason: string): Promise<void> {
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Pack it anyway?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: 'Override and pack' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pack-overridden')).toContainText(reason);
}

test('cancelled and refunded: stopped, nothing counted or printed, no override', async ({
  page,
  sandbox,
  packbench,
}) => {
  skipWithoutCups();
  await setUp(packbench.url);
  const order = await firstOrder(
    sandbox,
    { stage: 'cancelled', payment_status: 'refunded' },
    (o) => o.status === 'cancelled',
  );
  await openBench(page, packbench.url);
  await scanOrder(page, order);
  await expectStopped(page, ['cancelled', 'refunded']);
  await expect(page.getByTestId('pack-gate-stage')).toContainText('Stage: Cancelled since');
  await expect(page.getByTestId('pack-gate')).toContainText('This cannot be overridden');
  await expectNoSeriousA11yViolations(page, 'the pack gate');
  await expectNothingCounted(page, order);
  // Ctrl+Enter offers nothing: cancelled and refunded are unskippable by default.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('pack-gate')).toHaveAttribute('data-gate', 'blocked');
  expect(await jobsOf(packbench.url)).toEqual([]);
  expect(await packLog(packbench.url, order.id)).toEqual([]);

  // A supervisor makes "No label bought" unskippable too: an open order then has no override.
  await page.evaluate(() => {
    window.location.hash = '#/settings/station';
  });
  const stops = page.getByTestId('gate-settings');
  await expect(stops.getByRole('checkbox', { name: 'Cancelled' })).toBeChecked();
  await expect(stops.getByRole('checkbox', { name: 'Refunded', exact: true })).toBeChecked();
  await stops.getByRole('checkbox', { name: 'No label bought' }).click();
  await expect(stops.getByRole('checkbox', { name: 'No label bought' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'Settings → Station with the stops');
  const open = await firstOrder(sandbox, { stage: 'open' }, (o) => o.payment_status === 'paid');
  await openBench(page, packbench.url);
  await scanOrder(page, open);
  await expect(page.getByTestId('pack-gate')).toHaveAttribute('data-gate', 'blocked');
  await expect(page.getByTestId('pack-gate')).toContainText('This cannot be overridden');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await jobsOf(packbench.url)).toEqual([]);
});

test('shipped, delivered, partly refunded and held orders are stopped; an override is logged', async ({
  page,
  sandbox,
  packbench,
}) => {
  skipWithoutCups();
  test.setTimeout(240_000);
  await setUp(packbench.url);
  await openBench(page, packbench.url);
  const cases: [Record<string, string>, string, (o: GateOrder) => boolean][] = [
    [{ stage: 'shipped' }, 'shipped', (o) => o.payment_status === 'paid'],
    [{ stage: 'delivered' }, 'shipped', (o) => o.payment_status === 'paid'],
    [{ payment_status: 'partially_refunded', stage: 'shipped' }, 'partly_refunded', () => true],
  ];
  for (const [query, kind, keep] of cases) {
    const order = await firstOrder(sandbox, query, keep);
    await scanOrder(page, order);
    await expect(page.getByTestId('pack-gate')).toHaveAttribute('data-gate', 'blocked');
    const kinds = (await page.getByTestId('pack-gate').getAttribute('data-kinds'))!.split(' ');
    expect(kinds, JSON.stringify(query)).toContain(kind);
    await expectNothingCounted(page, order);
  }
  await expect(page.getByTestId('pack-gate')).toContainText('Partly refunded');

  // Held by a rule, with no label yet: stopped for both; overridden on purpose, then packed.
  const held = await firstOrder(sandbox, { attention: 'hold', stage: 'open' }, (o) =>
    packLinesOf(o).every((l) => l.qty === 1),
  );
  await scanOrder(page, held);
  await expectStopped(page, ['attention', 'no_label']);
  await expect(page.getByTestId('pack-gate')).toContainText('held by a rule');
  await expectNothingCounted(page, held);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Pack it anyway?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the override dialog', { within: DIALOG });
  await page.keyboard.press('Escape');
  expect(await jobsOf(packbench.url)).toEqual([]);
  await override(page, 'The customer asked to ship anyway');
  const lines = packLinesOf(held);
  for (const [i, line] of lines.entries()) {
    await scan(page, line.sku);
    await expect(page.getByTestId('pack-progress')).toHaveText(
      `${i + 1} of ${lines.length} verified`,
    );
  }
  const signal = page.getByTestId('pack-signal');
  // No label: the slip prints, the banner is red and says what to do.
  await expect(signal).toContainText('No label — not ready to ship');
  await expect(signal).toHaveAttribute('data-tone', 'bad');
  await expect(signal).toContainText('no-label shelf');
  await expect.poll(async () => (await jobsOf(packbench.url)).length).toBe(1);
  await expect.poll(async () => (await packLog(packbench.url, held.id)).length).toBe(1);
  const [record] = await packLog(packbench.url, held.id);
  expect(record!.station).toBe('Bench 7');
  expect(record!.packedBy.length).toBeGreaterThan(0);
  expect(record!.overrides!.map((o) => [o.gate, o.reason])).toEqual([
    ['attention', 'The customer asked to ship anyway'],
    ['no_label', 'The customer asked to ship anyway'],
  ]);
  expect(Date.now() - Date.parse(record!.overrides![0]!.at)).toBeLessThan(10 * 60_000);
  await openBench(page, packbench.url);
  await expect(page.getByTestId('packed-overridden')).toContainText(
    'Stop overridden: The customer asked to ship anyway',
  );
});

test('already packed: when, where and by whom; a repack is an override and starts from zero', async ({
  page,
  sandbox,
  packbench,
}) => {
  skipWithoutCups();
  await setUp(packbench.url);
  // A labelled order with a line of several units: one scan, then the number typed.
  const order = await firstOrder(sandbox, { stage: 'labels', payment_status: 'paid' }, (o) =>
    packLinesOf(o).some((l) => l.qty >= 2),
  );
  const lines = packLinesOf(order);
  const total = lines.reduce((s, l) => s + l.qty, 0);
  await openBench(page, packbench.url);
  await scanOrder(page, order);
  await expect(page.getByTestId('pack-gate')).toHaveCount(0);
  let done = 0;
  for (const line of lines) {
    await scan(page, line.sku);
    done += 1;
    await expect(page.getByTestId('pack-progress')).toHaveText(`${done} of ${total} verified`);
    if (line.qty > 1) {
      // Typed by hand, as a person does: the digits, a look at the number, then Enter. More
      // than the line needs fills it and says how many to take out; the extra is not counted.
      await typeNumber(page, line.qty + 1);
      done += line.qty - 1;
      await expect(page.getByTestId('pack-progress')).toHaveText(`${done} of ${total} verified`);
      if (done < total) {
        await expect(page.getByTestId('pack-signal')).toContainText(`take 1 out`);
      }
    }
  }
  await expect(page.getByTestId('pack-signal')).toContainText('Every item verified');
  await expect(page.getByTestId('pack-progress')).toHaveText(`${total} of ${total} verified`);
  // The pack log is written as the label and slip are sent, a moment after the green banner.
  const multi = lines.find((l) => l.qty > 1)!;
  let record: PackRecordSeen | undefined;
  await expect
    .poll(async () => {
      [record] = await packLog(packbench.url, order.id);
      return record?.lines.find((l) => l.sku === multi.sku);
    })
    .toMatchObject({ qty: multi.qty, scanned: 1, typed: multi.qty - 1 });

  // The same order scanned again: stopped, with when, where and who.
  await scanOrder(page, order);
  await expectStopped(page, ['packed']);
  await expect(page.getByTestId('pack-gate')).toContainText(`at Bench 7 by ${record!.packedBy}`);
  // The first pack's counts stay on screen behind the gate; a scan adds nothing to them.
  await scan(page, lines[0]!.sku);
  await expect(page.getByTestId('pack-signal')).toContainText('Stopped');
  await expect(page.getByTestId('pack-progress')).toHaveText(`${total} of ${total} verified`);
  await expect.poll(async () => (await jobsOf(packbench.url)).length).toBe(2);
  await override(page, 'Repacking a damaged parcel');
  await expect(page.getByTestId('pack-progress')).toHaveText(`0 of ${total} verified`);
});

test('an order cancelled after the console read it is still caught: the gate reads it again', async ({
  page,
  sandbox,
}) => {
  const proxy = await startOrderStateProxy(sandbox.url);
  const bench = await launchConsole({ connect: { apiBase: proxy.url, apiKey: sandbox.key } });
  try {
    await page.clock.install();
    const order = await firstOrder(sandbox, { stage: 'labels', payment_status: 'paid' });
    const other = await firstOrder(
      sandbox,
      { stage: 'labels', payment_status: 'paid' },
      (o) => o.id !== order.id,
    );
    await openBench(page, bench.running.url);
    // Read once: the pack screen opens and its gate lets the order through.
    await scanOrder(page, order);
    await expect(page.getByTestId('pack-signal')).toContainText('Scan each item');
    // Someone cancels it in the shop; the packer comes back to it more than 5 s later by a
    // link (no scan, so no lookup reads it): the console's copy is too old, read again.
    await scanOrder(page, other);
    proxy.cancel(order.id);
    const reads = proxy.reads(order.id);
    await page.clock.fastForward(6_000);
    await page.evaluate((id) => {
      window.location.hash = `#/pack/${id}`;
    }, order.id);
    await expectStopped(page, ['cancelled']);
    expect(proxy.reads(order.id)).toBeGreaterThan(reads);
    await expectNothingCounted(page, order);

    // The scan list read it too: the Orders grid showed it before the cancel.
    const third = await firstOrder(
      sandbox,
      { stage: 'labels', payment_status: 'paid' },
      (o) => o.id !== order.id && o.id !== other.id,
    );
    await page.evaluate(() => {
      window.location.hash = '#/orders';
    });
    await page.getByRole('tab', { name: /^Labels/ }).click();
    await expect(page.locator(`[data-order-id="${third.id}"]`)).toBeVisible();
    proxy.cancel(third.id);
    await scanOrder(page, third);
    await expectStopped(page, ['cancelled']);
    expect(await jobsOf(bench.running.url)).toEqual([]);
  } finally {
    await bench.stop();
    await proxy.close();
  }
});

test('quantities as text, fractions, negatives and 0: named lines that block until overridden', async ({
  page,
  sandbox,
  packbench,
}) => {
  skipWithoutCups();
  await setUp(packbench.url);
  const stock = await api<{ results: { sku: string }[] }>(sandbox, '/api/inventory/', {
    page_size: 50,
  });
  const skus = [...new Set(stock.results.map((s) => s.sku))].slice(0, 5);
  const items = [
    { sku: skus[0], qty: '3', name: 'Sent as text' },
    { sku: skus[1], qty: 0.4, name: 'A fraction' },
    { sku: skus[2], qty: -2, name: 'Negative' },
    { sku: skus[3], qty: 0, name: 'Zero' },
    { sku: skus[4], qty: 'two', name: 'Not a number' },
  ];
  const response = await fetch(new URL('/api/orders/', sandbox.url), {
    method: 'POST',
    headers: { 'X-API-Key': sandbox.key, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      recipient_name: 'Quantity Test',
      address1: '1 Test Street',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
      status: 'ready',
      order_name: `QTY-${Date.now()}`,
      items,
    }),
  });
  expect(response.status).toBe(201);
  const created = (await response.json()) as GateOrder;
  await openBench(page, packbench.url);
  await scanOrder(page, created);
  await expectStopped(page, ['no_label', 'quantity']);
  await expect(page.getByTestId('pack-gate')).toContainText('4 items’ quantities cannot be read');
  const problems = page.getByTestId('pack-line-problem');
  await expect(problems).toHaveText([
    'Quantity cannot be read: the order gives a fraction (0.4)',
    'Quantity cannot be read: the order gives a negative quantity (-2)',
    'Quantity cannot be read: the order gives a quantity of 0',
    'Quantity cannot be read: the order gives not a number ("two")',
  ]);
  // The line sent as "3" is 3 units, not 1; the others count nothing.
  await expect(page.getByTestId('pack-progress')).toHaveText('0 of 3 verified');
  await override(page, 'A supervisor approved it');
  await scan(page, skus[1]!);
  await expect(page.getByTestId('pack-signal')).toContainText('the quantity cannot be read');
  await scan(page, skus[0]!);
  await expect(page.getByTestId('pack-progress')).toHaveText('1 of 3 verified');
  await typeNumber(page, 3);
  await expect(page.getByTestId('pack-progress')).toHaveText('3 of 3 verified');
  await expect(page.getByTestId('pack-signal')).toContainText('No label — not ready to ship');
  await expect.poll(async () => (await packLog(packbench.url, created.id)).length).toBe(1);
  const [record] = await packLog(packbench.url, created.id);
  expect(record!.overrides!.map((o) => o.gate)).toEqual(['no_label', 'quantity']);
  expect(record!.lines.find((l) => l.sku === skus[0])).toMatchObject({
    qty: 3,
    scanned: 1,
    typed: 2,
  });
});

test('no item check: the order prints as its scan finds it, once the gate lets it through', async ({
  page,
  sandbox,
  packbench,
}) => {
  skipWithoutCups();
  await setUp(packbench.url);
  await bridgeCall(packbench.url, 'settingsUpdate', { patch: { station: { verify: false } } });
  const cancelled = await firstOrder(sandbox, { stage: 'cancelled' });
  const labelled = await firstOrder(sandbox, { stage: 'labels', payment_status: 'paid' });
  await openBench(page, packbench.url);
  // Stopped: nothing printed, although the scan prints at once with the item check off.
  await scanOrder(page, cancelled);
  await expect(page.getByTestId('pack-gate')).toHaveAttribute('data-gate', 'blocked');
  expect(await jobsOf(packbench.url)).toEqual([]);
  // Let through: its label and slip are queued from the scan alone.
  await scanOrder(page, labelled);
  await expect(page.getByTestId('pack-gate')).toHaveCount(0);
  await expect.poll(async () => (await jobsOf(packbench.url)).length).toBe(2);
  await expect(page.getByTestId('scan-printed')).toContainText(
    `Printed for ${labelled.order_name}`,
  );
  expect(await jobsOf(packbench.url)).toHaveLength(2);
});
