/**
 * The scanner never loses a key and never opens the wrong thing, against a standalone
 * sandbox: 1,000 random codes (letters and digits, two in three starting with a shortcut's
 * key: j k d g m n c p s r x /) sent as real key events (CDP, each stamped when the scanner
 * sent it, 2-30 ms apart, ending in Enter or Tab) to every view and to dialogs, the focus on a
 * list's row, on the page, on a dialog's button or in a field nobody aimed at, while the
 * page's main thread is made busy ~50 ms at random where codes arrive (startBusyAtScans). Every code must arrive whole and in
 * order, no shortcut may run, no list cursor move, no address change, no dialog open or close,
 * no field keep a scanner's character. Then the same with a prefix key (F13) set in Settings,
 * some codes sent at a person's pace: the prefix wins. The codes are counted as the console
 * announces them (and kept from the router, so they cost no lookups); a real return's
 * tracking number and an unknown code are routed, busy page and all, to check what opens.
 * SCANNER_CODES changes the number of codes per run; SCANNER_SEED repeats a run.
 */
import type { Page } from '@playwright/test';
import { freePort } from '../electron/test-support/free-port';
import { api, expect, test as ordersTest } from './orders-fixture';
import { CdpScanner } from './support/scanner-cdp';
import {
  type ProbeReading,
  randomCode,
  readProbe,
  seeded,
  startBusyAtScans,
  startProbe,
  stopBusyLoops,
} from './support/scanner-probe';

/**
 * Each worker's browser listens for DevTools clients on a free port of 127.0.0.1, and the
 * scanner's keys go there over a socket of their own (page-socket.ts) instead of as API calls
 * of the test: the same trusted key events, without ~20 s of the worker's CPU per run.
 */
const test = ordersTest.extend<object, { debuggingPort: number }>({
  debuggingPort: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      await use(await freePort());
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, debuggingPort }, use) => {
      const args = [...(launchOptions.args ?? []), `--remote-debugging-port=${debuggingPort}`];
      await use({ ...launchOptions, args });
    },
    { scope: 'worker' },
  ],
});

const CODES = Number(process.env.SCANNER_CODES ?? 1000);
const SEED = Number(process.env.SCANNER_SEED ?? 20261128);

interface Place {
  name: string;
  hash: string;
  heading: string | RegExp;
  /** Puts the focus where the scanner's keys land; the default: nothing focused. */
  focus?(app: Page): Promise<void>;
}

async function firstRow(app: Page): Promise<void> {
  const row = app.locator('[data-list-row]').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.focus();
}

const PLACES: readonly Place[] = [
  { name: 'Orders, a row focused', hash: '#/orders', heading: 'Orders', focus: firstRow },
  { name: 'Returns, a row focused', hash: '#/returns', heading: 'Returns', focus: firstRow },
  { name: 'Shipments, a row focused', hash: '#/shipments', heading: 'Shipments', focus: firstRow },
  { name: 'Inventory', hash: '#/inventory', heading: 'Inventory' },
  { name: 'Pack', hash: '#/pack', heading: 'Pack' },
  { name: 'Tracking', hash: '#/tracking', heading: /Tracking/ },
  { name: 'Locations', hash: '#/locations', heading: /Locations/ },
  { name: 'Print queue', hash: '#/print-queue', heading: /Print queue/ },
  {
    name: 'Returns, the Export dialog, its field focused',
    hash: '#/returns',
    heading: 'Returns',
    focus: async (app) => {
      await app.getByRole('button', { name: /Export CSV/ }).click();
      await app.getByRole('dialog').getByRole('textbox').first().focus();
    },
  },
  {
    name: 'Orders, the Columns dialog, a button focused',
    hash: '#/orders',
    heading: 'Orders',
    focus: async (app) => {
      await app.getByRole('button', { name: /^Columns/ }).click();
      await app.getByRole('dialog').getByRole('button').first().focus();
    },
  },
];

async function goTo(app: Page, place: Place): Promise<void> {
  await app.keyboard.press('Escape');
  await app.evaluate((h) => {
    window.location.hash = h;
  }, place.hash);
  await expect(app.getByRole('heading', { level: 1, name: place.heading })).toBeVisible({
    timeout: 30_000,
  });
  await app.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await place.focus?.(app);
}

interface Tally {
  sent: number;
  lost: string[];
  shortcuts: string[];
  moved: string[];
  busyLoops: number;
}

/**
 * Sends `count` random codes at `place` with the page busy at random; adds what went wrong to
 * the tally. `slowShare` of the codes go at a person's pace (40-120 ms a key): prefix only.
 */
async function scanAt(
  app: Page,
  scanner: CdpScanner,
  place: Place,
  count: number,
  random: () => number,
  tally: Tally,
  options: { prefix?: string; slowShare?: number } = {},
): Promise<void> {
  await goTo(app, place);
  await startProbe(app);
  const before = await readProbe(app);
  await startBusyAtScans(app, Math.floor(random() * 2 ** 31));
  const sent: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = randomCode(random);
    const slow = random() < (options.slowShare ?? 0);
    sent.push(code);
    await scanner.scan(code, {
      gapMs: slow ? [40, 120] : [2, 30],
      prefix: options.prefix,
      terminator: random() < 0.2 ? 'Tab' : 'Enter',
      random,
    });
    // A moment between parcels (the next code may come at once: a run ended at its Enter).
    await new Promise((done) => setTimeout(done, 10 + random() * 30));
  }
  await scanner.settle();
  await expect
    .poll(async () => (await readProbe(app)).codes.length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(sent.length);
  await stopBusyLoops(app);
  // Long past every hold: a key given back late would show now.
  await app.waitForTimeout(300);
  const after: ProbeReading = await readProbe(app);
  tally.sent += sent.length;
  tally.busyLoops += after.busyLoops;
  for (const [i, code] of sent.entries()) {
    if (after.codes[i] !== code)
      tally.lost.push(`${place.name}: sent “${code}”, got “${after.codes[i]}”`);
  }
  if (after.codes.length > sent.length) {
    tally.lost.push(`${place.name}: ${after.codes.length - sent.length} codes nobody scanned`);
  }
  tally.shortcuts.push(...after.shortcuts.map((id) => `${place.name}: ${id}`));
  for (const what of ['hash', 'dialogs', 'focused', 'fieldValue'] as const) {
    if (after[what] !== before[what]) {
      tally.moved.push(`${place.name}: ${what} ${before[what]} → ${after[what]}`);
    }
  }
}

async function run(
  app: Page,
  debuggingPort: number,
  random: () => number,
  options: { prefix?: string; slowShare?: number } = {},
) {
  const scanner = await CdpScanner.attach(app, { debuggingPort });
  const tally: Tally = { sent: 0, lost: [], shortcuts: [], moved: [], busyLoops: 0 };
  try {
    const each = Math.ceil(CODES / PLACES.length);
    for (const [i, place] of PLACES.entries()) {
      const count = Math.min(each, CODES - i * each);
      // Each place in a step of its own, for the report and for the calls the test still makes
      // through Playwright: outside a test.step Playwright finds each new step's parent by
      // walking all the test's steps so far, quadratic in a long test (with the keys sent as
      // Playwright calls, about 75 s of the worker's CPU per 1,000-code run).
      if (count > 0) {
        await test.step(`${count} codes at ${place.name}`, () =>
          scanAt(app, scanner, place, count, random, tally, options));
      }
    }
  } finally {
    await scanner.detach();
  }
  return tally;
}

function expectClean(tally: Tally): void {
  expect(tally.sent).toBe(CODES);
  // The page was in fact busy while the codes came (a run where it was not proves little).
  expect(tally.busyLoops).toBeGreaterThan(CODES / 20);
  expect(tally.lost, 'codes lost or cut').toEqual([]);
  expect(tally.shortcuts, 'shortcuts run by a scan').toEqual([]);
  expect(tally.moved, 'a cursor moved, a dialog or a record opened, a field typed into').toEqual(
    [],
  );
}

// The two runs are independent (a console and sandbox each) and wait mostly on the
// scanner's real pace, not the CPU. In `npm test` they are the 'scanner' project
// (playwright.config.ts), run side by side beside Vitest, before the browser suites
// (scripts/run-tests.ts). Separate tests, so neither waits on the other's failure.
test.describe.configure({ mode: 'parallel', timeout: 1_200_000 });
// No trace: recording every key event and DOM change would load the machine for nothing.
test.use({ trace: 'off' });

test('1,000 scanner bursts on a busy page: none lost or cut, no shortcut, nothing opened', async ({
  app,
  sandbox,
  debuggingPort,
}) => {
  await expect(app.getByTestId('current-connection')).toBeVisible();
  const random = seeded(SEED);
  expectClean(await run(app, debuggingPort, random));

  // Routed for real, busy page and all: a return's tracking number from Returns with a row
  // focused opens that return (not the highlighted one); an unknown code opens nothing.
  const returns = (
    await api<{ results: { id: number; rma_number: string; tracking_number: string }[] }>(
      sandbox,
      '/api/returns/requests/',
      { page_size: 50 },
    )
  ).results;
  const wanted = returns.filter((r) => r.tracking_number !== '').at(-1)!;
  const scanner = await CdpScanner.attach(app, { debuggingPort });
  await goTo(app, PLACES[1]!);
  await startProbe(app, { route: true });
  await startBusyAtScans(app, SEED);
  await scanner.scan(wanted.tracking_number, { gapMs: [2, 30], random });
  await scanner.settle();
  await expect(app.getByTestId('return-detail')).toHaveAttribute(
    'data-return-id',
    String(wanted.id),
  );
  const hash = await app.evaluate(() => window.location.hash);
  await scanner.scan('JJD0000000000', { gapMs: [2, 30], random });
  await scanner.settle();
  // Said in words (how depends on where it looked), with nothing opened.
  await expect(app.getByTestId('scan-result')).toHaveAttribute('data-state', 'none');
  await expect(app.getByTestId('scan-result')).toContainText('“JJD0000000000”');
  expect(await app.evaluate(() => window.location.hash)).toBe(hash);
  await stopBusyLoops(app);
  await scanner.detach();
});

test('with a prefix key set in Settings, 1,000 bursts (some at a person’s pace) all arrive', async ({
  app,
  debuggingPort,
}) => {
  await expect(app.getByTestId('current-connection')).toBeVisible();
  // Set as a person does: the box records the key pressed in it.
  await app.evaluate(() => {
    window.location.hash = '#/settings/station';
  });
  const box = app.getByTestId('scanner-prefix');
  await box.focus();
  const keys = await CdpScanner.attach(app, { debuggingPort });
  await keys.key('F13');
  await keys.detach();
  await expect(box).toHaveValue('F13');
  await app.keyboard.press('Enter');
  // A key people type is refused, in words, and not saved.
  const suffix = app.getByTestId('scanner-suffix');
  await suffix.fill('j');
  await suffix.press('Enter');
  await expect(app.getByRole('alert').filter({ hasText: 'appears in codes' })).toBeVisible();
  await suffix.press('Escape');
  await expect(suffix).toHaveValue('');

  expectClean(await run(app, debuggingPort, seeded(SEED + 1), { prefix: 'F13', slowShare: 0.1 }));
});
