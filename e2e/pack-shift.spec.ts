/**
 * A shift at the pack station (browser mode, a standalone sandbox, the private CUPS): ten
 * orders scanned in a row, each item verified by scanning its barcode (GTIN) or SKU, one
 * wrong item and one unit too many refused with nothing counted, one unit confirmed by key
 * and marked so; every order's label (4x6) and packing slip (A4/Letter) found at the CUPS PDF
 * printer, in the packed order. Halfway the console is killed (kill -9) and started again on
 * the same data: the pack log keeps what was packed. axe on the pack screen, the bench page
 * and Settings → Station.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, bridgeCall, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchConsole } from './support/console-fixture';
import { attachCupsState, skipWithoutCups, watchCupsPdf } from './support/cups-pdf';
import { type PackOrder, packLinesOf } from './support/pack-orders';
import { scan } from './support/scanner';

interface Stock {
  sku: string;
  gtin: string | null;
}

async function expectProgress(page: Page, done: number, total: number): Promise<void> {
  await expect(page.getByTestId('pack-progress')).toHaveText(`${done} of ${total} verified`);
}

/** Scans an order's name and waits for its pack screen with every line shown. */
async function openPack(page: Page, order: PackOrder): Promise<number> {
  await scan(page, order.order_name!);
  await expect(
    page.getByRole('heading', { level: 1, name: `Pack ${order.order_name}` }),
  ).toBeVisible();
  const lines = packLinesOf(order);
  await expect(page.getByTestId('pack-line')).toHaveCount(lines.length);
  const total = lines.reduce((s, l) => s + l.qty, 0);
  await expectProgress(page, 0, total);
  return total;
}

test('a shift at the pack station: scan, verify, print; a crash keeps the pack log', async ({
  page,
  sandbox,
}) => {
  skipWithoutCups();
  test.setTimeout(240_000);
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-shift-'));
  const connect = { apiBase: sandbox.url, apiKey: sandbox.key };
  let bench = await launchConsole({ connect }, { configDir });
  // The console is restarted after its crash below, on a new address and the same queue.
  const output = await watchCupsPdf(() => bench.running.url);
  try {
    await bridgeCall(bench.running.url, 'settingsUpdate', {
      patch: {
        printing: {
          routes: {
            shipping_label: { printerId: 'cups:Packbench-PDF' },
            packing_slip: { printerId: 'cups:Packbench-PDF' },
          },
          scan: { label: true, packingSlip: true },
        },
        station: { name: 'Bench 3' },
      },
    });
    const labelled = await api<{ results: PackOrder[] }>(sandbox, '/api/orders/', {
      stage: 'labels',
      page_size: 100,
    });
    // Orders the pack gate lets through (issue 28): paid in full, nothing refunded.
    const orders = labelled.results
      .filter((o) => o.order_name && Array.isArray(o.items) && o.items.length > 0)
      .filter((o) => !/refunded/.test(String(o.payment_status)))
      .slice(0, 10);
    const stock = await api<{ results: Stock[] }>(sandbox, '/api/inventory/', { page_size: 200 });

    await page.goto(bench.running.url);
    await page.evaluate(() => {
      window.location.hash = '#/pack';
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Pack' })).toBeVisible();
    await expect(page.getByTestId('station-summary')).toContainText('Bench 3');
    await expectNoSeriousA11yViolations(page, 'the pack bench');

    const packed: string[] = [];
    for (const [n, order] of orders.entries()) {
      if (n === 5) {
        // A crash mid-shift: kill -9, then the console again on the same data. Once the last
        // order's prints have reached CUPS: a job cut off mid-send is "may have printed" by
        // design (never sent twice unasked), which the print queue's own tests cover.
        const url = bench.running.url;
        await expect
          .poll(async () => {
            const { jobs } = await bridgeCall<{ jobs: { state: string }[] }>(
              url,
              'printJobsList',
              {},
            );
            return jobs.length === 10 && jobs.every((j) => j.state === 'sent');
          })
          .toBe(true);
        await bench.kill();
        bench = await launchConsole({ connect }, { configDir });
        await page.goto(bench.running.url);
        await page.evaluate(() => {
          window.location.hash = '#/pack';
        });
        await expect(page.getByTestId('packed-row')).toHaveCount(5);
        for (const name of packed) {
          await expect(page.getByRole('table', { name: 'Packed today' })).toContainText(name);
        }
      }
      const total = await openPack(page, order);
      if (n === 0) await expectNoSeriousA11yViolations(page, 'the pack screen');
      const lines = packLinesOf(order);
      const signal = page.getByTestId('pack-signal');
      let done = 0;
      if (n === 1) {
        // A wrong item: a product not on the order. Red, nothing counted.
        const skus = new Set(lines.map((l) => l.sku.toUpperCase()));
        const other = stock.results.find((s) => s.gtin && !skus.has(s.sku.toUpperCase()))!;
        await scan(page, other.gtin!);
        await expect(signal).toHaveAttribute('data-tone', 'bad');
        await expect(signal).toContainText('Wrong item');
        await expectProgress(page, 0, total);
      }
      for (const [i, line] of lines.entries()) {
        for (let unit = 0; unit < line.qty; unit++) {
          if (n === 2 && i === 0 && unit === 0) {
            // An item confirmed by key (the active line is the first): marked as by hand.
            await page.keyboard.press('c');
            await expect(page.getByTestId('by-hand').first()).toContainText('1 by hand');
          } else {
            await scan(page, unit % 2 === 0 && line.gtin ? line.gtin : line.sku);
          }
          done += 1;
          await expectProgress(page, done, total);
        }
        if (n === 3 && i === 0 && lines.length > 1) {
          // One unit too many of a full line: refused, nothing counted.
          await scan(page, line.sku);
          await expect(signal).toHaveAttribute('data-tone', 'bad');
          await expect(signal).toContainText('One too many');
          await expectProgress(page, done, total);
        }
      }
      await expect(signal).toContainText('Every item verified');
      await expect(signal).toContainText('Packbench-PDF');
      packed.push(order.order_name!);
    }

    // Every order's label and slip at the CUPS PDF printer, in the packed order: CUPS-PDF
    // names each file "job_<n>-<title>", and a job's title names its order.
    // A file CUPS-PDF is still writing counts -1 pages: wait for twenty that read whole.
    const finished = async () => (await output.printed()).filter((p) => p.pages > 0).length;
    await expect.poll(finished, { timeout: 60_000 }).toBe(20);
    const plain = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
    const jobNumber = (name: string) => Number(/job_(\d+)/.exec(name)?.[1] ?? Number.NaN);
    const printed = (await output.printed()).sort((a, b) => jobNumber(a.name) - jobNumber(b.name));
    const seen = printed.map((p) => ({
      order: packed.findIndex((name) => plain(p.name).includes(plain(name))),
      label: /label/i.test(p.name),
      sizes: [...new Set(p.sizes)].join(),
    }));
    expect(seen.map((s) => s.order)).toEqual(packed.flatMap((_, i) => [i, i]));
    for (const s of seen) {
      if (s.label) expect(s.sizes).toBe('288x432');
      else expect(['595x842', '612x792']).toContain(s.sizes);
    }
    expect(seen.filter((s) => s.label)).toHaveLength(10);

    // The pack log: ten orders, newest first, each printed on the CUPS printer.
    await page.evaluate(() => {
      window.location.hash = '#/pack';
    });
    const rows = page.getByTestId('packed-row');
    await expect(rows).toHaveCount(10);
    expect(await rows.locator('td:first-child a').allTextContents()).toEqual([...packed].reverse());
    await expect(rows.first()).toContainText('Label → Packbench-PDF');
    await expect(rows.first()).toContainText('Bench 3');

    // The Orders grid marks what was packed, with the time.
    await page.evaluate(() => {
      window.location.hash = '#/orders';
    });
    await page.getByRole('tab', { name: /^Labels/ }).click();
    const first = page.locator(`[data-order-id="${orders[0]!.id}"]`);
    await expect(first.getByTestId('packed-mark')).toBeVisible();
    const unpacked = labelled.results.find((o) => !orders.includes(o))!;
    await expect(
      page.locator(`[data-order-id="${unpacked.id}"]`).getByTestId('packed-mark'),
    ).toHaveCount(0);

    await page.evaluate(() => {
      window.location.hash = '#/settings/station';
    });
    await expect(page.getByRole('heading', { level: 2, name: 'Station' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Settings → Station');
  } catch (error) {
    // What CUPS and the console saw, for a failure that does not come back on a rerun.
    await attachCupsState(test.info()).catch(() => undefined);
    const { jobs } = await bridgeCall<{ jobs: unknown[] }>(
      bench.running.url,
      'printJobsList',
      {},
    ).catch(() => ({ jobs: [] as unknown[] }));
    await test.info().attach('print jobs', {
      body: JSON.stringify(jobs, null, 2),
      contentType: 'application/json',
    });
    await test.info().attach('console stderr', {
      body: bench.running.log(),
      contentType: 'text/plain',
    });
    throw error;
  } finally {
    await bench.stop();
    await rm(configDir, { recursive: true, force: true });
  }
});
