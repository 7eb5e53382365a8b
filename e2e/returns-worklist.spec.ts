/**
 * The Returns worklist against its own sandbox: every filter of the spec (status, open and
 * closed, reason, carrier, channel, country, search) shows exactly the returns the sandbox's
 * API gives for the same query, with its count; paging; the filters survive a reload, a new
 * browser and a restarted console on the same settings folder. axe on the view.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startUntilLine } from './support/child-process';
import type { SandboxProcess } from './support/sandbox-process';
import { gridRowIds, openView, typeFilter } from './support/views';

// One console and sandbox for the file: the filters are saved in the console's settings; the
// first test clears those it set, the second sets every one it reads (status, page size), and
// the last, which keeps its own, is last.
test.use({ consoleScope: 'file' });

interface ReturnRow {
  id: number;
  rma_number: string;
  status: string;
  reason: string;
  carrier: string;
  channel: string;
  country: string;
  lines: { sku: string; name: string }[];
}
interface ReturnPage {
  count: number;
  results: ReturnRow[];
}

const PATH = '/api/returns/requests/';
const f = (n: number) => n.toLocaleString('en-US');

function rangeText(count: number, page = 1, size = 50): string {
  if (count === 0) return '0 returns';
  return `Returns ${f((page - 1) * size + 1)}–${f(Math.min(count, page * size))} of ${f(count)}`;
}

const gridIds = (app: Page) => gridRowIds(app, 'returns-grid', 'data-return-id');

/** The grid shows the first page the sandbox answers for `query`, and its count. */
async function expectRows(
  app: Page,
  sandbox: SandboxProcess,
  query: Record<string, string>,
  options: { page?: number; size?: number } = {},
): Promise<ReturnPage> {
  const page = options.page ?? 1;
  const size = options.size ?? 50;
  const expected = await api<ReturnPage>(sandbox, PATH, { ...query, page, page_size: size });
  // A filter that matches nothing would prove little: every query here matches something.
  expect(expected.count, JSON.stringify(query)).toBeGreaterThan(0);
  await expect(app.getByTestId('returns-range')).toHaveText(rangeText(expected.count, page, size));
  await expect.poll(() => gridIds(app)).toEqual(expected.results.map((r) => r.id));
  return expected;
}

test('every filter shows the returns the sandbox gives for it', async ({ app, sandbox }) => {
  await openView(app, 'Returns');
  // The worklist opens on the returns still needing someone.
  await expectRows(app, sandbox, { status: 'open' });
  await expect(app.getByLabel('Status')).toHaveValue('open');
  await expectNoSeriousA11yViolations(app, 'the Returns worklist');

  const status = app.getByLabel('Status');
  await status.selectOption('closed');
  await expectRows(app, sandbox, { status: 'closed' });
  await status.selectOption('REJECTED');
  await expectRows(app, sandbox, { status: 'REJECTED' });
  await status.selectOption('');
  const all = await expectRows(app, sandbox, {});

  await app.getByLabel('Reason').selectOption('damaged');
  await expectRows(app, sandbox, { reason: 'damaged' });
  await app.getByLabel('Reason').selectOption('');

  const everything = await api<ReturnPage>(sandbox, PATH, { page_size: 500 });
  expect(everything.count).toBe(all.count);
  const withCarrier = everything.results.find((r) => r.carrier !== '')!;
  // Carriers and channels are choices (carriers by name), not free text.
  await app.getByLabel('Carrier').selectOption(withCarrier.carrier);
  await expectRows(app, sandbox, { carrier: withCarrier.carrier });
  await app.getByLabel('Carrier').selectOption('');

  const channel = everything.results[0]!.channel;
  await app.getByLabel('Channel').selectOption(channel);
  await expectRows(app, sandbox, { channel });
  await app.getByLabel('Channel').selectOption('');

  // A country by its code in lower case, or by its name: the API is asked with the code.
  const country = everything.results[0]!.country;
  await typeFilter(app, 'Country', country.toLowerCase());
  await expect(app.getByLabel('Country')).toHaveValue(new RegExp(`\\(${country}\\)$`));
  await expectRows(app, sandbox, { country });
  await typeFilter(app, 'Country', '');
  await typeFilter(app, 'Country', 'Germany');
  await expectRows(app, sandbox, { country: 'DE' });
  await typeFilter(app, 'Country', '');

  // Search by a line's SKU, then by an RMA number (exactly one return).
  const sku = everything.results[3]!.lines[0]!.sku;
  await typeFilter(app, 'Search', sku);
  await expectRows(app, sandbox, { q: sku });
  const rma = everything.results[7]!;
  await typeFilter(app, 'Search', rma.rma_number);
  const one = await expectRows(app, sandbox, { q: rma.rma_number });
  expect(one.results.map((r) => r.id)).toEqual([rma.id]);

  // Filters combine: open returns of one channel for one reason.
  await typeFilter(app, 'Search', '');
  await status.selectOption('open');
  await app.getByLabel('Channel').selectOption('Shopify');
  await expectRows(app, sandbox, { status: 'open', channel: 'Shopify' });

  // Open is the worklist's default, so only the channel counts; clearing goes back to Open.
  await app.getByRole('button', { name: 'Clear filters (1)' }).click();
  await expectRows(app, sandbox, { status: 'open' });
  await expect(app.getByLabel('Status')).toHaveValue('open');
  await expect(app.getByRole('button', { name: /^Clear filters/ })).toBeHidden();
});

test('pages through the worklist with the API’s count', async ({ app, sandbox }) => {
  await openView(app, 'Returns');
  await app.getByLabel('Status').selectOption('');
  const first = await expectRows(app, sandbox, {});
  await app.getByRole('button', { name: 'Next page' }).click();
  await expectRows(app, sandbox, {}, { page: 2 });
  await app.getByRole('button', { name: 'Last page' }).click();
  const last = Math.ceil(first.count / 50);
  await expectRows(app, sandbox, {}, { page: last });
  await expect(app.getByRole('button', { name: 'Next page' })).toBeDisabled();
  // A new page size starts again at page 1.
  await app.getByLabel('Per page').selectOption('25');
  await expectRows(app, sandbox, {}, { size: 25 });

  // j/k move the active row, Enter opens it.
  await app.getByTestId('returns-grid').locator('tbody tr').first().click();
  // At a person's pace: keys a few milliseconds apart are a scanner's (held-shortcut.ts).
  await app.keyboard.type('jjk', { delay: 120 });
  const second = first.results[1]!;
  await expect(app.locator(`tr[data-return-id="${second.id}"]`)).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(
    app.getByRole('heading', { level: 1, name: `Return ${second.rma_number}` }),
  ).toBeVisible();
});

test('filters survive a reload, a new browser and a restarted console', async ({
  app,
  sandbox,
  packbench,
  browser,
}) => {
  await openView(app, 'Returns');
  await app.getByLabel('Status').selectOption('closed');
  await app.getByLabel('Reason').selectOption('wrong_item');
  await typeFilter(app, 'Country', 'US');
  await app.getByLabel('Per page').selectOption('25');
  const query = { status: 'closed', reason: 'wrong_item', country: 'US' };
  await expectRows(app, sandbox, query, { size: 25 });

  const check = async (page: Page) => {
    await openView(page, 'Returns');
    await expect(page.getByLabel('Status')).toHaveValue('closed');
    await expect(page.getByLabel('Reason')).toHaveValue('wrong_item');
    await expect(page.getByLabel('Country')).toHaveValue(/\(US\)$/);
    await expectRows(page, sandbox, query, { size: 25 });
  };
  await app.reload();
  await check(app);

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(packbench.url);
    await check(page);

    // Another console process on the same settings folder: what a restart reads.
    const restarted = await startUntilLine(
      [
        'scripts/console.ts',
        '--browser',
        '--port',
        '0',
        '--config-dir',
        packbench.configDir,
        '--api-base',
        sandbox.url,
      ],
      /Packbench console: (http:\/\/\S+)/,
      { env: { PACKBENCH_API_KEY: sandbox.key } },
    );
    try {
      await page.goto(restarted.match[1]!);
      await check(page);
    } finally {
      await restarted.stop();
    }
  } finally {
    await context.close();
  }
});
