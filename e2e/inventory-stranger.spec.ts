/**
 * Every walk bounded and visible against a server this project did not write (issue 32): the
 * console on a stranger's server in front of its sandbox (stranger-server.ts: every location
 * id 0 or below, 5 stock rows a page, a stock list claiming 39,195,278 rows). In Chromium:
 * the board's counts at the locations with ids of 0 and below answer (no "…" and no endless
 * "Counting…"), its walk stops at its bound with the sentence; the recall, expired and
 * reorder lists and the sort say the same bound; the stock list at a location of id 0 opens
 * from its address; and the walk made one request for the stock list, not millions.
 */
import {
  type StrangerServer,
  startStrangerServer,
} from '../electron/kernel/test-support/stranger-server';
import { expect, test } from './orders-fixture';
import { launchConsole } from './support/console-fixture';
import { goToAddress } from './support/views';

const BOUND =
  /There are 39,195,278 stock rows: more than the 100,000 the console reads in one go\./;

test('ids of 0 and below, 39 million rows and pages of 5: every walk stops at its bound and says so', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(180_000);
  let stranger: StrangerServer | undefined;
  let console_: Awaited<ReturnType<typeof launchConsole>> | undefined;
  try {
    stranger = await startStrangerServer({
      upstream: sandbox.url,
      pageSize: 5,
      inventoryCount: 39_195_278,
    });
    console_ = await launchConsole({ connect: { apiBase: stranger.url, apiKey: sandbox.key } });
    await page.goto(console_.running.url);

    await goToAddress(page, '#/inventory/exceptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock exceptions' })).toBeVisible();
    // The walk's bound, said; its columns "—", the others counted, the header not "Counting…".
    await expect(page.getByRole('alert')).toContainText(BOUND, { timeout: 60_000 });
    await expect(page.getByTestId('board-age')).toHaveText('Not every count could be read', {
      timeout: 60_000,
    });
    await expect(page.locator('td[data-board-cell="expired@0"]')).toHaveText('—Not counted');
    for (const measure of ['low', 'out', 'expiring', 'onHand']) {
      await expect(page.locator(`td[data-board-cell="${measure}@0"]`)).toHaveText(/^[\d,]+$/);
      await expect(page.locator(`td[data-board-cell="${measure}@-1"]`)).toHaveText(/^[\d,]+$/);
    }
    await expect(page.getByText('…', { exact: true })).toHaveCount(0);

    // A count at location 0 opens its rows.
    await page.locator('td[data-board-cell="out@0"] a').click();
    await expect(page).toHaveURL(/#\/inventory\?location=0&out=1$/);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('0');
    await expect(page.getByTestId('stock-grid').locator('tbody tr').first()).toBeVisible();

    // The recall, expired and reorder lists and the sort: the same bound, said.
    for (const hash of ['#/inventory/recalls', '#/inventory/expired', '#/inventory/reorder']) {
      await goToAddress(page, hash);
      await expect(page.getByRole('alert').filter({ hasText: BOUND })).toBeVisible({
        timeout: 30_000,
      });
    }
    await goToAddress(page, '#/inventory?location=all&sort=available');
    await expect(page.getByRole('alert').filter({ hasText: BOUND })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/^Counting stock rows/)).toHaveCount(0);

    // One request for each walk's first page, not millions in the background.
    expect(stranger.requests.get('/api/inventory/') ?? 0).toBeLessThan(200);
  } finally {
    await console_?.stop();
    await stranger?.close();
  }
});
