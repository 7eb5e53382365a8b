/**
 * Issue 28 at the pack station (browser mode, a standalone sandbox, 1280x720):
 * - storefront and external order ids, which the API's search cannot find, open their order
 *   from the station's index of orders waiting to be packed; a real storefront id of an order
 *   not waiting (shipped) says exactly that;
 * - an order of 5 and one of 8 lines show every line within the window (screenshots kept in
 *   the test's output); one of 11 says how many lines are below, and the cue moves as lines
 *   are verified;
 * - a packer signs in by name and switches by badge scan; the pack log and the packed mark
 *   carry their name. axe on the sign-in.
 */
import type { Page } from '@playwright/test';
import { api, bridgeCall, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import type { SandboxProcess } from './support/sandbox-process';

// One console and sandbox for the file: the first two tests only open orders (the second
// makes two of its own names); the last sets the station's packers and logs a pack, so it is
// last.
test.use({ consoleScope: 'file' });

test.use({ viewport: { width: 1280, height: 720 } });

interface Order {
  id: number;
  order_name: string | null;
  external_id?: string | null;
  storefront_order_id: number | null;
  items?: unknown[];
  shipments?: { service?: string }[];
}

/** Types a code into the scan bar and presses Enter, as a scanner in keyboard mode would. */
async function scanInBar(page: Page, code: string): Promise<void> {
  const box = page.getByTestId('scan-input');
  await box.fill(code);
  await box.press('Enter');
}

async function createOrder(sandbox: SandboxProcess, name: string, lines: number): Promise<Order> {
  const skus = ['BAR-0108', 'CND-SAG-0011', 'TEA-0201', 'MUG-0310', 'KET-0402', 'CUP-0503'];
  const items = Array.from({ length: lines }, (_, i) => ({
    sku: skus[i] ?? `E28-${i}`,
    qty: (i % 3) + 1,
    weight_kg: 0.3,
    name: `Item number ${i + 1}`,
  }));
  const response = await fetch(new URL('/api/orders/', sandbox.url), {
    method: 'POST',
    headers: { 'X-API-Key': sandbox.key, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      recipient_name: 'Lines Test',
      address1: '1 Test Street',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
      order_name: name,
      external_id: `EXT-${name}`,
      items,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Order;
}

async function openPack(page: Page, name: string, lines: number): Promise<void> {
  await scanInBar(page, name);
  await expect(page.getByRole('heading', { level: 1, name: `Pack ${name}` })).toBeVisible();
  await expect(page.getByTestId('pack-line')).toHaveCount(lines);
}

/** Passes the "no label" stop of an order made through the API (no label can be bought). */
async function overrideNoLabel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Override…' }).click();
  await page.getByRole('button', { name: 'Override and pack' }).click();
  await expect(page.getByTestId('pack-overridden')).toBeVisible();
}

async function linesBelowWindow(page: Page): Promise<number> {
  return page
    .getByTestId('pack-line')
    .evaluateAll(
      (rows) => rows.filter((r) => r.getBoundingClientRect().bottom > window.innerHeight).length,
    );
}

test('storefront and external ids open their order; one not waiting to be packed says so', async ({
  app,
  sandbox,
}) => {
  const open = await api<{ results: Order[] }>(sandbox, '/api/orders/', {
    stage: 'labels',
    page_size: 200,
  });
  const storefront = open.results.find((o) => o.storefront_order_id && o.order_name)!;
  // Another order's external id (a Shopify order's is its gid, not its name).
  const external = open.results.find(
    (o) => o.external_id?.startsWith('gid:') && o.id !== storefront.id && o.order_name,
  )!;
  const shipped = (
    await api<{ results: Order[] }>(sandbox, '/api/orders/', { stage: 'shipped', page_size: 200 })
  ).results.find((o) => o.storefront_order_id && o.external_id?.startsWith('gid:'))!;
  // The API's own search does not find a storefront id: the index is what does.
  const searched = await api<{ count: number }>(sandbox, '/api/orders/', {
    q: String(storefront.storefront_order_id),
  });
  expect(searched.count).toBe(0);

  await expect(app.getByTestId('current-connection')).toBeVisible();
  await scanInBar(app, String(storefront.storefront_order_id));
  await expect(
    app.getByRole('heading', { level: 1, name: `Pack ${storefront.order_name}` }),
  ).toBeVisible();

  await scanInBar(app, external.external_id!);
  await expect(
    app.getByRole('heading', { level: 1, name: `Pack ${external.order_name}` }),
  ).toBeVisible();

  await scanInBar(app, String(shipped.storefront_order_id));
  await expect(app.getByTestId('scan-result')).toContainText(
    `“${shipped.storefront_order_id}” is not among the orders waiting to be packed`,
  );
  await expect(app.getByTestId('scan-result')).not.toContainText('Nothing matches');
});

test('at 1280x720 orders of 5 and 8 lines fit; 11 lines say how many are below', async ({
  app,
  sandbox,
}, testInfo) => {
  const labelled = await api<{ results: Order[] }>(sandbox, '/api/orders/', {
    stage: 'labels',
    page_size: 200,
  });
  const five = labelled.results.find((o) => o.order_name && o.items?.length === 5)!;
  // Service codes are said in words on the pack screen ("Next day", not next_day).
  const nextDay = labelled.results.find(
    (o) => o.order_name && o.shipments?.some((s) => s.service === 'next_day'),
  )!;
  await expect(app.getByTestId('current-connection')).toBeVisible();
  await scanInBar(app, nextDay.order_name!);
  await expect(app.getByTestId('pack-head')).toContainText('Next day');
  await expect(app.getByTestId('pack-head')).not.toContainText('next_day');
  const eight = await createOrder(sandbox, 'E28-EIGHT', 8);
  await createOrder(sandbox, 'E28-ELEVEN', 11);
  await expect(app.getByTestId('current-connection')).toBeVisible();

  // The Orders grid's text, ids included, is at least 15 px at this size.
  await app.evaluate(() => {
    window.location.hash = '#/orders';
  });
  const firstRow = app.getByTestId('orders-grid').locator('tbody tr[data-order-id]').first();
  await expect(firstRow).toBeVisible();
  const cellSizes = await firstRow.locator('td, td *').evaluateAll((els) =>
    els
      .filter((e) => (e.textContent ?? '').trim() !== '' && e.children.length === 0)
      .map((e) => ({
        text: (e.textContent ?? '').trim().slice(0, 20),
        size: Number.parseFloat(getComputedStyle(e).fontSize),
      })),
  );
  expect(cellSizes.length).toBeGreaterThan(3);
  expect(cellSizes.filter((c) => c.size < 15)).toEqual([]);

  await openPack(app, five.order_name!, 5);
  expect(await linesBelowWindow(app)).toBe(0);
  // Bins too.
  const bin = app.getByTestId('pack-line').locator('span.font-mono').last();
  await expect(bin).toBeVisible();
  expect(
    await bin.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize)),
  ).toBeGreaterThanOrEqual(15);
  // A wrong item is said once, in the pack screen's banner; the scan bar opened nothing.
  const onOrder = new Set(
    (five.items as { sku: string }[]).map((item) => String(item.sku).toUpperCase()),
  );
  const stock = await api<{ results: { sku: string; gtin: string | null }[] }>(
    sandbox,
    '/api/inventory/',
    { page_size: 200 },
  );
  const other = stock.results.find((s) => s.gtin && !onOrder.has(s.sku.toUpperCase()))!;
  await scanInBar(app, other.gtin!);
  await expect(app.getByTestId('pack-signal')).toContainText('Wrong item');
  await expect(app.getByTestId('scan-result')).not.toContainText('Opened product');
  await expect(app.getByTestId('pack-more-below')).toHaveCount(0);
  await app.screenshot({ path: testInfo.outputPath('pack-5-lines-1280x720.png') });

  await openPack(app, 'E28-EIGHT', 8);
  await overrideNoLabel(app);
  expect(await linesBelowWindow(app)).toBe(0);
  await expect(app.getByTestId('pack-more-below')).toHaveCount(0);
  await app.screenshot({ path: testInfo.outputPath('pack-8-lines-1280x720.png') });

  // Its detail page: "Print label" cannot be pressed, and says why (no label bought yet).
  await app.evaluate((id) => {
    window.location.hash = `#/orders/${id}`;
  }, eight.id);
  const printLabel = app.getByRole('button', {
    name: 'Print label',
    exact: true,
    description: /no shipping label yet/,
  });
  await expect(printLabel).toHaveAttribute('aria-disabled', 'true');
  await printLabel.focus();
  await expect(app.getByRole('tooltip')).toContainText('no shipping label yet');

  await openPack(app, 'E28-ELEVEN', 11);
  await overrideNoLabel(app);
  const cue = app.getByTestId('pack-more-below');
  await expect(cue).toHaveText(/^[34] more lines below$/);
  // Verify the first 9 lines by hand: the next line to verify keeps scrolling into view.
  for (let i = 0; i < 9; i++) {
    const row = app.getByTestId('pack-line').nth(i);
    while ((await row.getAttribute('data-done')) === null) {
      await row.getByRole('button', { name: /confirm/i }).click();
    }
  }
  const tenth = app.getByTestId('pack-line').nth(9);
  await expect(tenth).toBeInViewport({ ratio: 1 });
  await expect(cue).toHaveText('1 more line below');
  await app.screenshot({ path: testInfo.outputPath('pack-11-lines-after-9-1280x720.png') });
});

test('a packer signs in by name, switches by badge; the pack log and packed mark carry it', async ({
  app,
  packbench,
  sandbox,
}) => {
  const first = (await api<{ results: Order[] }>(sandbox, '/api/orders/', { page_size: 1 }))
    .results[0]!;
  await bridgeCall(packbench.url, 'settingsUpdate', {
    patch: { station: { packers: [{ badge: 'PKR-0042', name: 'Bea Okafor' }] } },
  });
  await expect(app.getByTestId('current-connection')).toBeVisible();
  const chip = app.getByTestId('packer');
  await expect(chip).toHaveText('Packer: sign in');
  await chip.click();
  const dialog = app.getByRole('dialog', { name: 'Who is packing?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the packer sign-in');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type your name, or scan your badge.');
  await dialog.getByLabel('Your name').fill('Ana Lopez');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(chip).toHaveText('Packer: Ana Lopez');

  // One scan switches packer; an unknown badge says so and changes nothing.
  await scanInBar(app, 'pkr-0042');
  await expect(chip).toHaveText('Packer: Bea Okafor');
  await scanInBar(app, 'PKR-0099');
  await expect(app.getByTestId('scan-result')).toContainText(
    'Badge PKR-0099 is not set up at this station',
  );
  await expect(chip).toHaveText('Packer: Bea Okafor');

  // A pack is logged with her name.
  const record = await bridgeCall<{ packedBy: string }>(packbench.url, 'packLogRecord', {
    orderId: first.id,
    orderName: first.order_name ?? `#${first.id}`,
    lines: [{ sku: 'BAR-0108', qty: 1, scanned: 1, byHand: 0 }],
  });
  expect(record.packedBy).toBe('Bea Okafor');
  const log = await bridgeCall<{ records: { packedBy: string }[] }>(packbench.url, 'packLogList', {
    orderIds: [first.id],
  });
  expect(log.records[0]?.packedBy).toBe('Bea Okafor');
  // The packed mark in Orders shows who packed it (read afresh: the grid's marks were read
  // at start, before this pack was logged behind the page's back).
  await app.evaluate(() => {
    window.location.hash = '#/orders';
  });
  await app.reload();
  await expect(app.locator('[title*="by Bea Okafor"]').first()).toBeAttached();
});
