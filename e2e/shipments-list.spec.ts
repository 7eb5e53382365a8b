/**
 * The Shipments list on its own sandbox: the grid holds the whole list the API answers, and
 * each filter (carrier, status, SLA status, selection reason) and the search (shipment id,
 * tracking number, recipient) leaves exactly the shipments the sandbox's own list says it
 * should, in the grid's order; sorting by a header puts the expected shipment first; the
 * filters survive a reload (they are in the settings file); j/k/Enter open a shipment. axe on
 * the list with a filter in force and with a filter menu open.
 */
import type { Page } from '@playwright/test';
import { api, chooseFilter, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newestFirst } from './support/shipments-order';
import { openView } from './support/views';

// One console and sandbox for the file: the tests only read shipments; the filters and sort
// the first chooses are saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

/** A carrier as the console names it: "Carrier D" for carrier_d, any other code as given. */
function carrierWords(code: string): string {
  return code.replace(
    /^carrier_([a-z])$/,
    (_, letter: string) => `Carrier ${letter.toUpperCase()}`,
  );
}

interface Shipment {
  shipment_id: string;
  carrier: string;
  tracking_number: string;
  status: string;
  sla_status?: string;
  selection_reason_code?: string;
  created_at: string;
  ship_to: { name?: string | null; address: { location_name: string } };
}

const SLA: Record<string, string> = { MET: 'Met', MISS: 'Missed', PND: 'Pending' };
const humanize = (v: string) => {
  const t = v.replaceAll('_', ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};
const recipient = (s: Shipment) => s.ship_to.name || s.ship_to.address.location_name;

/** The drawn rows' shipments in the list's order (each row's aria-rowindex, not the page's). */
async function gridIds(app: Page): Promise<string[]> {
  return app
    .getByTestId('shipments-grid')
    .locator('[role="row"][data-shipment-id]')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({
          at: Number(r.getAttribute('aria-rowindex')),
          id: r.getAttribute('data-shipment-id') ?? '',
        }))
        .sort((a, b) => a.at - b.at)
        .map((r) => r.id),
    );
}

/** The count line and the first rows in view match the expected shipments. */
async function expectShown(app: Page, expected: string[], total: number): Promise<void> {
  const f = (n: number) => n.toLocaleString('en-US');
  await expect(app.getByTestId('shipments-count')).toHaveText(
    `${f(expected.length)} of ${f(total)} shipments`,
  );
  await expect
    .poll(async () => {
      const ids = await gridIds(app);
      return ids.slice(0, Math.min(ids.length, 10));
    })
    .toEqual(expected.slice(0, Math.min(expected.length, 10)));
}

async function openShipments(app: Page): Promise<void> {
  await openView(app, 'Shipments');
}

test('filters and search leave the shipments the sandbox says; sort; kept on reload', async ({
  app,
  sandbox,
}) => {
  const all = await api<Shipment[]>(sandbox, '/api/shipping/v1/shipments/');
  expect(all.length).toBeGreaterThan(100);
  const total = all.length;
  await openShipments(app);
  await expectShown(app, newestFirst(all), total);

  // Carrier, then status on top of it.
  const carrier = all[0]!.carrier;
  // The filter names carriers in words ("Carrier D", not the API's carrier_d).
  await chooseFilter(app, 'Carrier', carrierWords(carrier));
  const byCarrier = all.filter((s) => s.carrier === carrier);
  await expectShown(app, newestFirst(byCarrier), total);
  const status =
    byCarrier.find((s) => s.status !== byCarrier[0]!.status)?.status ?? byCarrier[0]!.status;
  await chooseFilter(app, 'Status', humanize(status));
  await expectShown(app, newestFirst(byCarrier.filter((s) => s.status === status)), total);
  await expectNoSeriousA11yViolations(app, 'the Shipments list with filters in force');
  await app.getByRole('button', { name: /^Clear filters/ }).click();
  await expectShown(app, newestFirst(all), total);

  // SLA status and selection reason (blank reason is its own choice: "None recorded").
  await chooseFilter(app, 'SLA', SLA.MISS!);
  const missed = all.filter((s) => s.sla_status === 'MISS');
  await expectShown(app, newestFirst(missed), total);
  await chooseFilter(app, 'Selection reason', 'None recorded');
  await expectShown(
    app,
    newestFirst(missed.filter((s) => (s.selection_reason_code ?? '') === '')),
    total,
  );
  await app.getByRole('button', { name: /^Clear filters/ }).click();
  await chooseFilter(app, 'Selection reason', 'Cost');
  await expectShown(app, newestFirst(all.filter((s) => s.selection_reason_code === 'COST')), total);

  // Kept across a restart of the page: the filter comes back from the settings file.
  await app.reload();
  await expect(app.getByRole('button', { name: 'Selection reason: Cost' })).toBeVisible();
  await expectShown(app, newestFirst(all.filter((s) => s.selection_reason_code === 'COST')), total);
  await app.getByRole('button', { name: /^Clear filters/ }).click();

  // Search: a tracking number (any case), a shipment id, a recipient's name.
  const search = app.getByRole('searchbox', { name: 'Search' });
  const target = all[Math.floor(all.length / 2)]!;
  await search.fill(target.tracking_number.toLowerCase());
  await expectShown(
    app,
    newestFirst(
      all.filter((s) =>
        s.tracking_number.toLowerCase().includes(target.tracking_number.toLowerCase()),
      ),
    ),
    total,
  );
  await search.fill(target.shipment_id);
  await expectShown(app, [target.shipment_id], total);
  const name = recipient(target);
  await search.fill(name);
  const byName = all.filter((s) =>
    `${s.shipment_id}\n${s.tracking_number}\n${recipient(s)}`
      .toLowerCase()
      .includes(name.toLowerCase()),
  );
  await expectShown(app, newestFirst(byName), total);
  await search.fill('');
  await expectShown(app, newestFirst(all), total);

  // Sort by tracking number (ascending on the first click), then descending.
  const tracking = app.getByRole('columnheader', { name: 'Tracking number' });
  await tracking.getByRole('button').click();
  await expect(tracking).toHaveAttribute('aria-sort', 'ascending');
  const byTracking = [...all].sort((a, b) =>
    a.tracking_number < b.tracking_number ? -1 : a.tracking_number > b.tracking_number ? 1 : 0,
  );
  await expect.poll(async () => (await gridIds(app))[0]).toBe(byTracking[0]!.shipment_id);
  await tracking.getByRole('button').click();
  await expect(tracking).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await gridIds(app))[0]).toBe(byTracking.at(-1)!.shipment_id);

  await app.getByRole('button', { name: /^Carrier:/ }).click();
  await expect(app.getByRole('menu', { name: 'Carrier' })).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'the Shipments list with the carrier menu open');
  await app.keyboard.press('Escape');
});

test('j/k move the active row and Enter opens that shipment', async ({ app, sandbox }) => {
  const all = await api<Shipment[]>(sandbox, '/api/shipping/v1/shipments/');
  const order = newestFirst(all);
  await openShipments(app);
  await expect.poll(async () => (await gridIds(app)).length).toBeGreaterThan(5);
  await app.getByTestId('shipments-grid').locator('[role="row"][data-shipment-id]').first().click();
  // At a person's pace: keys a few milliseconds apart are a scanner's (held-shortcut.ts).
  await app.keyboard.type('jjk', { delay: 120 });
  const active = app.getByTestId('shipments-grid').locator('[role="row"][data-active]');
  await expect(active).toHaveAttribute('data-shipment-id', order[1]!);
  await expect(active).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: `Shipment ${order[1]}` })).toBeVisible();
});

test("every cell sits under its header, as wide as it, on the row's line", async ({ app }) => {
  await openShipments(app);
  await expect.poll(async () => (await gridIds(app)).length).toBeGreaterThan(5);
  const grid = app.getByTestId('shipments-grid');
  const boxes = (selector: string) =>
    grid
      .locator(selector)
      .first()
      .locator(':scope > *')
      .evaluateAll((cells) =>
        cells.map((c) => {
          const r = c.getBoundingClientRect();
          return { x: Math.round(r.x), width: Math.round(r.width) };
        }),
      );
  const headers = await boxes('[role="row"][aria-rowindex="1"]');
  const cells = await boxes('[role="row"][data-shipment-id]');
  expect(headers.length).toBeGreaterThan(10);
  // The widths come from the grid's own style sheet (column-sheet.ts): a cell without them
  // would be as wide as its text and the columns would drift out from under the headers.
  expect(cells).toEqual(headers);
  // Every cell's text on the row's one line: a cell whose own type set its line height
  // (a tracking number's `text-xs`) would sit higher than the rest.
  const lines = await grid
    .locator('[role="row"][data-shipment-id]')
    .first()
    .locator(':scope > [role="cell"]')
    .evaluateAll((cells) => [...new Set(cells.map((c) => getComputedStyle(c).lineHeight))]);
  expect(lines).toEqual(['33px']);
});
