/**
 * Scan to print in the console (embedded sandbox): a scanner's burst (every key at once,
 * then Enter) typed while no field has the focus opens the order; with scan printing on and
 * labels and slips routed to Save to folder in a test folder, the files appear there, the
 * person sees what was printed and can reprint; an unknown code says so and beeps; a code
 * several orders share gives a pick list.
 */
import { readdir, rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/console-fixture';
import { scan } from './support/scanner';

/** One bridge call from the page, as the renderer makes it (session token, HTTP host). */
async function bridge<T>(page: Page, method: string, args: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, args }) => {
      const token = sessionStorage.getItem('packbench.sessionToken');
      const response = await fetch(`/bridge/call/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ args }),
      });
      return response.json();
    },
    { method, args },
  );
  expect(result.ok, JSON.stringify(result.error)).toBe(true);
  return result.value as T;
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** How many finished prints the folder holds; -1 while anything else is in it. */
async function printedFiles(folder: string): Promise<number> {
  const files = await filesIn(folder);
  return files.every((f) => /\.(pdf|zpl)$/i.test(f)) ? files.length : -1;
}

/**
 * A scanner with the focus on no field: every key at once, then Enter, stamped as the scanner
 * sent them (support/scanner.ts). Stamped, because a page busy with the first key (seen here
 * under load) would otherwise stretch the next gap past the 80 ms that ends a burst, and the
 * code would arrive without its first character; a real key's time is when the system saw it.
 */
async function scanCode(page: Page, code: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await scan(page, code);
}

// One console (and its sandbox) for the file: the first two tests only read orders and create
// two of a new name; the last turns scan printing on and routes it to its folder, so it is
// last (a test after it would print each scan).
test.use({ consoleScope: 'file' });

/** Where Save to folder writes: a subfolder of the console's config folder, chosen as the page does. */
let folder = '';
test.afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('an unknown code says so and beeps; the visible box scans too', async ({
  page,
  packbench,
}) => {
  // Count the tones played (the beep is Web Audio), without changing what the page does.
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__tones += 1;
      return create.call(this);
    };
  });
  await page.goto(packbench.url);
  await expect(page.getByTestId('current-connection')).toBeVisible();
  await page.evaluate(() => {
    window.location.hash = '#/orders';
  });
  await expect(page.getByRole('region', { name: 'Scan', exact: true })).toBeVisible();

  await scanCode(page, 'NOPE-0000-ZZZZ');
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText(
    '“NOPE-0000-ZZZZ” is not among the orders waiting to be packed',
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __tones: number }).__tones))
    .toBeGreaterThan(0);

  // Typed into the scan box by hand (scan printing is off by default): opens the order.
  const first = await bridge<{ results: { order_name: string | null }[] }>(page, 'ordersList', {
    pageSize: 5,
  });
  const name = first.results.find((o) => o.order_name)!.order_name!;
  await page.getByTestId('scan-input').fill(name);
  await page.getByTestId('scan-input').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Pack ${name}` })).toBeVisible();
  await expect(result).toContainText(`Opened order ${name}`);
});

test('a code that several orders share gives a short pick list; the one chosen opens', async ({
  page,
  packbench,
}) => {
  await page.goto(packbench.url);
  await expect(page.getByTestId('current-connection')).toBeVisible();
  // Two orders with one name (a re-sent order keeps its storefront's number, say).
  const code = `DUP-${Date.now()}`;
  const create = (recipient: string) =>
    bridge<{ id: number }>(page, 'ordersCreate', {
      order: {
        order_name: code,
        recipient_name: recipient,
        address1: '1 Dock Road',
        city: 'Leeds',
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
    });
  await create('Grace Hopper');
  const second = await create('Alan Turing');
  await page.evaluate(() => {
    window.location.hash = '#/orders';
  });
  await expect(page.getByRole('region', { name: 'Scan', exact: true })).toBeVisible();

  await scanCode(page, code);
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText(`2 orders match “${code}”. Which one?`);
  const choices = result.getByRole('list', { name: 'Matches for the scan' }).getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.filter({ hasText: 'Grace Hopper' })).toHaveCount(1);
  // Nothing opened yet: the person chooses.
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the scan pick list');

  await choices.filter({ hasText: 'Alan Turing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pack ${code}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/pack/${second.id}$`));
});

test('a scan opens the order and prints its label and slip to the folder; reprint', async ({
  page,
  packbench,
}) => {
  await page.goto(packbench.url);
  await expect(page.getByTestId('current-connection')).toBeVisible();
  // A folder is chosen (an id handed out by the console), never sent as a path (issue 31).
  const chosen = await bridge<{ path: string; choiceId: string }>(page, 'folderChoose', {
    purpose: 'print-folder',
    root: 'config',
    subfolder: `scan-${Date.now()}`,
  });
  folder = chosen.path;
  await bridge(page, 'settingsUpdate', {
    patch: {
      printing: {
        folder: chosen.choiceId,
        routes: {
          shipping_label: { printerId: 'save-to-folder' },
          packing_slip: { printerId: 'save-to-folder' },
        },
        scan: { label: true, packingSlip: true },
      },
      // No item check: the order prints as its scan finds it.
      station: { verify: false },
    },
  });
  // Settings changed behind the page's back (as another window would): the page reads them at
  // load, so reload it, as a person would after changing them elsewhere.
  await page.reload();
  await expect(page.getByTestId('current-connection')).toBeVisible();
  const labelled = await bridge<{ results: { id: number; order_name: string | null }[] }>(
    page,
    'ordersList',
    { filters: { stage: 'labels' }, pageSize: 10 },
  );
  const order = labelled.results.find((o) => o.order_name);
  expect(order, 'an order with a live label').toBeTruthy();
  const name = order!.order_name!;

  await page.evaluate(() => {
    window.location.hash = '#/orders';
  });
  await expect(page.getByRole('region', { name: 'Scan', exact: true })).toBeVisible();
  await scanCode(page, name);

  await expect(page.getByRole('heading', { level: 1, name: `Pack ${name}` })).toBeVisible();
  // Label and packing slip, both through their routes into the test folder.
  // Polled whole: while a job is written the folder briefly holds its temporary file too.
  await expect.poll(() => printedFiles(folder), { timeout: 30_000 }).toBe(2);

  // What was printed is on screen, with a reprint for each job.
  const printed = page.getByTestId('scan-printed');
  await expect(printed).toContainText(`Printed for ${name}`);
  const reprints = printed.getByRole('button', { name: /^Reprint/ });
  await expect(reprints).toHaveCount(2);
  await reprints.first().click();
  await expect.poll(() => printedFiles(folder), { timeout: 30_000 }).toBe(3);
});
