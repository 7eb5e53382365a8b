/**
 * The Tracking events explorer against its own sandbox: each filter of the spec (status,
 * carrier, exception code, package, shipment) shows exactly the events the sandbox's API
 * gives for it, with the count; the grid renders only the rows in view but scrolls through
 * them all; an event's detail shows its scan, location, dwell time and exception; filters
 * survive a reload. axe on the explorer and the detail.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import type { SandboxProcess } from './support/sandbox-process';
import { gridRowIds, openView, typeFilter } from './support/views';

// One console and sandbox for the file: the filters each test sets are saved in the
// console's settings, and each test but the last clears them before it ends.
test.use({ consoleScope: 'file' });

interface TrackingEvent {
  id: number;
  package: number;
  package_tracking_code: string;
  scan_event: { carrier?: string; description?: string } | null;
  scan_location_code: string;
  scan_status_code: string;
  svc_normalized_status: string;
  hub_dwell_minutes: number | null;
  exception_code: string;
}
interface Shipment {
  shipment_id: string;
}

const PATH = '/api/shipping/v1/tracking-events/';
const f = (n: number) => n.toLocaleString('en-US');

const renderedIds = (app: Page) => gridRowIds(app, 'tracking-grid', 'data-event-id');

/** The count is the sandbox's, and the rows rendered are the first of its answer, in order. */
async function expectEvents(
  app: Page,
  sandbox: SandboxProcess,
  query: Record<string, string | number>,
): Promise<TrackingEvent[]> {
  const expected = await api<TrackingEvent[]>(sandbox, PATH, query);
  expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
  await expect(app.getByTestId('tracking-count')).toHaveText(
    `${f(expected.length)} tracking ${expected.length === 1 ? 'event' : 'events'}`,
  );
  await expect
    .poll(async () => {
      const ids = await renderedIds(app);
      return ids.length > 0 && ids.every((id, i) => id === expected[i]?.id);
    })
    .toBe(true);
  return expected;
}

test('every filter shows the events the sandbox gives for it', async ({ app, sandbox }) => {
  await openView(app, 'Tracking');
  const all = await expectEvents(app, sandbox, {});
  // Thousands of events: only the rows in view are in the page.
  expect((await renderedIds(app)).length).toBeLessThan(200);
  await expectNoSeriousA11yViolations(app, 'the Tracking explorer');

  await app.getByLabel('Status').selectOption('EXC');
  const exceptions = await expectEvents(app, sandbox, { status: 'EXC' });
  await app.getByLabel('Status').selectOption('');

  const code = exceptions.find((e) => e.exception_code !== '')!.exception_code;
  await typeFilter(app, 'Exception code', code);
  await expectEvents(app, sandbox, { exception_code: code });
  await typeFilter(app, 'Exception code', '');

  const carrier = all.find((e) => e.scan_event?.carrier)!.scan_event!.carrier!;
  await typeFilter(app, 'Carrier', carrier);
  await expectEvents(app, sandbox, { carrier });
  await app.getByLabel('Status').selectOption('DEL');
  await expectEvents(app, sandbox, { carrier, status: 'DEL' });
  await app.getByLabel('Status').selectOption('');
  await typeFilter(app, 'Carrier', '');

  const pkg = all[40]!.package;
  await typeFilter(app, 'Package id', String(pkg));
  const ofPackage = await expectEvents(app, sandbox, { package: pkg });
  expect(ofPackage.every((e) => e.package === pkg)).toBe(true);
  await typeFilter(app, 'Package id', '');

  const shipments = await api<Shipment[]>(sandbox, '/api/shipping/v1/shipments/');
  let shipment: string | null = null;
  for (const s of shipments.slice(0, 30)) {
    const events = await api<TrackingEvent[]>(sandbox, PATH, { shipment: s.shipment_id });
    if (events.length > 0) {
      shipment = s.shipment_id;
      break;
    }
  }
  expect(shipment, 'a shipment with tracking events').not.toBeNull();
  await typeFilter(app, 'Shipment id', shipment!);
  await expectEvents(app, sandbox, { shipment: shipment! });

  await app.getByRole('button', { name: 'Clear filters (1)' }).click();
  await expectEvents(app, sandbox, {});
});

test('scrolls through every event and opens one with its scan, place, dwell and exception', async ({
  app,
  sandbox,
}) => {
  await openView(app, 'Tracking');
  const all = await expectEvents(app, sandbox, {});
  const grid = app.getByTestId('tracking-grid');
  // The last event is reachable by scrolling the virtualized grid.
  const last = all[all.length - 1]!;
  await grid.locator('xpath=..').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(grid.locator(`tr[data-event-id="${last.id}"]`)).toBeVisible();

  // An exception at a hub with a dwell time: every part of the detail has something to show.
  const event =
    all.find((e) => e.exception_code !== '' && e.hub_dwell_minutes !== null) ??
    all.find((e) => e.exception_code !== '')!;
  await app.evaluate((id) => {
    window.location.hash = `#/tracking/${id}`;
  }, event.id);
  await expect(
    app.getByRole('heading', { level: 1, name: `Tracking event #${event.id}` }),
  ).toBeVisible();
  const detail = app.getByTestId('tracking-event-detail');
  for (const name of ['Scan', 'Location', 'Dwell time', 'Exception', 'Package', 'Record']) {
    await expect(detail.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(detail.locator('[data-field="scan_location_code"]')).toHaveText(
    event.scan_location_code,
  );
  await expect(detail.locator('[data-field="scan_status_code"]')).toHaveText(
    event.scan_status_code,
  );
  await expect(detail.locator('[data-field="exception_code"]')).toHaveText(event.exception_code);
  await expect(detail.locator('[data-field="package_tracking_code"]')).toHaveText(
    event.package_tracking_code,
  );
  if (event.hub_dwell_minutes !== null) {
    await expect(detail.locator('[data-field="hub_dwell_minutes"]')).toContainText('min');
  }
  await expectNoSeriousA11yViolations(app, 'a tracking event');

  // Every event of its package, in the explorer.
  await detail.getByRole('button', { name: 'Every event of this package' }).click();
  await expect(app.getByLabel('Package id', { exact: true })).toHaveValue(String(event.package));
  await expectEvents(app, sandbox, { package: event.package });
  // The filters are saved in the (shared) console's settings: put them back for the next test.
  await app.getByRole('button', { name: 'Clear filters (1)' }).click();
  await expectEvents(app, sandbox, {});
});

test('filters survive a reload; j/k and Enter open an event', async ({ app, sandbox }) => {
  await openView(app, 'Tracking');
  await app.getByLabel('Status').selectOption('OUT');
  await typeFilter(app, 'Carrier', 'carrier_a');
  const out = await expectEvents(app, sandbox, { status: 'OUT', carrier: 'carrier_a' });
  await app.reload();
  await openView(app, 'Tracking');
  await expect(app.getByLabel('Status')).toHaveValue('OUT');
  await expect(app.getByLabel('Carrier', { exact: true })).toHaveValue('carrier_a');
  await expectEvents(app, sandbox, { status: 'OUT', carrier: 'carrier_a' });

  await app.getByTestId('tracking-grid').locator('tbody tr[data-event-id]').first().click();
  await app.keyboard.press('j');
  await expect(app.locator(`tr[data-event-id="${out[1]!.id}"]`)).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(
    app.getByRole('heading', { level: 1, name: `Tracking event #${out[1]!.id}` }),
  ).toBeVisible();
});
