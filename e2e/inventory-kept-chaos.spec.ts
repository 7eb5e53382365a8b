/**
 * A host that never dies (issue 32): a real console process on its own sandbox keeps what it
 * keeps on disk (the exceptions walk, the shipments list, settings, marks), then every file
 * in its config folder is deleted, then cut short, then overwritten with junk while it runs,
 * and every view is opened in Chromium after each: the host keeps answering, no view falls
 * into its error boundary, and the views whose kept copy was lost say so (the board: "The
 * board kept from the last count is missing / was damaged: counting afresh."; the shipments
 * list, whose damaged copy is let go, reads the service again in the background). Before
 * issue 32 the first round ended the Node process with an unhandled ENOENT 'error' event on a
 * ReadStream.
 */
import { mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './orders-fixture';
import { launchConsole } from './support/console-fixture';

/** The views a person can open, by address, with the heading each shows. */
const VIEWS: readonly [string, string][] = [
  ['#/orders', 'Orders'],
  ['#/shipments', 'Shipments'],
  ['#/tracking', 'Tracking'],
  ['#/returns', 'Returns'],
  ['#/inventory', 'Inventory'],
  ['#/inventory/exceptions', 'Stock exceptions'],
  ['#/inventory/recalls', 'Recalls'],
  ['#/inventory/expired', 'Expired stock'],
  ['#/inventory/reorder', 'Reorder'],
  ['#/locations', 'Locations'],
  ['#/print-queue', 'Print queue'],
  ['#/settings', 'Settings'],
];

type Harm = 'deleted' | 'cut short' | 'junk';

/** Every file under `dir`, however deep. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

async function harm(dir: string, how: Harm): Promise<string[]> {
  const files = await filesUnder(dir);
  for (const file of files) {
    if (how === 'deleted') await rm(file, { force: true });
    else if (how === 'cut short') {
      const size = (await stat(file).catch(() => undefined))?.size ?? 0;
      await truncate(file, Math.floor(size / 2)).catch(() => {});
    } else await writeFile(file, 'not what was kept \u0000\u00ff{[').catch(() => {});
  }
  return files;
}

/** Goes to a view's address in the page already open (its session token stays). */
async function go(page: Page, hash: string) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
}

async function openEveryView(page: Page) {
  for (const [hash, heading] of VIEWS) {
    await go(page, hash);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/could not be shown/)).toHaveCount(0);
  }
}

async function boardCounted(page: Page) {
  await go(page, '#/inventory/exceptions');
  await expect(page.getByTestId('board-age')).toHaveText(/^Counted /, { timeout: 60_000 });
}

test('no kept file deleted, cut short or damaged stops the host, and each view says what it lost', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(300_000);
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-chaos-'));
  const console_ = await launchConsole(
    { connect: { apiBase: sandbox.url, apiKey: sandbox.key } },
    { configDir },
  );
  try {
    const { url } = console_.running;
    await page.goto(url);
    // Something kept: the board's walk and the whole shipments list.
    await boardCounted(page);
    await go(page, '#/shipments');
    await expect(page.getByTestId('shipments-count')).toHaveText(/ of [\d,]+ shipments$/, {
      timeout: 60_000,
    });

    for (const how of ['deleted', 'cut short', 'junk'] as const) {
      const files = await harm(configDir, how);
      expect(
        files.some((f) => f.includes('inventory-exceptions-v1')),
        how,
      ).toBe(true);
      // A fresh page: the renderer asks for what is kept again.
      await go(page, '#/inventory/exceptions');
      await page.reload();
      await expect(page.getByTestId('kept-lost')).toHaveText(
        how === 'deleted'
          ? 'The board kept from the last count is missing: counting afresh.'
          : 'The board kept from the last count was damaged: counting afresh.',
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('board-age')).toHaveText(/^Counted /, { timeout: 60_000 });
      // The shipments list: its kept copy let go (or read), a whole list from the service. A
      // copy found damaged part way through its stream is set aside and the list read again
      // from the service by itself, saying so: no Retry asked of a person.
      await go(page, '#/shipments');
      const count = page.getByTestId('shipments-count');
      await expect(count).toHaveText(/ of [\d,]+ shipments$/, { timeout: 60_000 });
      await expect(page.getByText(/set aside: load the list again/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await openEveryView(page);
      // The host still answers a plain request: the process did not end.
      expect((await page.request.get(url.split('#')[0] ?? url)).status(), how).toBe(200);
      // The next round harms what this one kept again (a fresh board and list).
      await boardCounted(page);
      await go(page, '#/shipments');
      await page
        .getByRole('button', { name: /^(Retry|Refresh)$/ })
        .first()
        .click();
      await expect(page.getByTestId('shipments-count')).toHaveText(/ of [\d,]+ shipments$/, {
        timeout: 60_000,
      });
    }
    expect(console_.running.log()).not.toContain(sandbox.key);
  } finally {
    await console_.stop();
    await rm(configDir, { recursive: true, force: true });
  }
});
