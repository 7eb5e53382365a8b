/**
 * Paging and selection: the pager's count and pages match the sandbox; page size changes
 * (500 rows render virtualized); a selection gathered on several pages holds; "Select all N
 * matching" fetches every id; j/k/x from the keyboard; axe on the view with a selection.
 */

import {
  api,
  expect,
  expectGridIds,
  grid,
  gridIds,
  type OrderPage,
  openOrders,
  rangeText,
  test,
} from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';

// One console and sandbox for the file: the tests only read orders; the page size and tab the
// first changes are saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

test('pages, page size and the count follow the API', async ({ app, sandbox }) => {
  const page = (n: number, size: number) =>
    api<OrderPage>(sandbox, '/api/orders/', { stage: 'open', page: n, page_size: size });
  await openOrders(app);
  const first = await page(1, 50);
  await expectGridIds(
    app,
    first.results.map((o) => o.id),
  );
  await expect(app.getByTestId('orders-range')).toHaveText(rangeText(1, 50, first.count));
  const pages = Math.ceil(first.count / 50);
  await expect(app.getByTestId('orders-pages')).toHaveText(`of ${pages}`);

  await app.getByRole('button', { name: 'Next page' }).click();
  const second = await page(2, 50);
  await expectGridIds(
    app,
    second.results.map((o) => o.id),
  );
  await expect(app.getByTestId('orders-range')).toHaveText(rangeText(2, 50, first.count));

  await app.getByRole('button', { name: 'Last page' }).click();
  const last = await page(pages, 50);
  await expectGridIds(
    app,
    last.results.map((o) => o.id),
  );
  await expect(app.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await app.getByLabel('Page', { exact: true }).fill('3');
  await app.getByLabel('Page', { exact: true }).press('Enter');
  await expectGridIds(
    app,
    (await page(3, 50)).results.map((o) => o.id),
  );

  // A new page size starts again at page 1.
  await app.getByLabel('Per page').selectOption('100');
  await expectGridIds(
    app,
    (await page(1, 100)).results.map((o) => o.id),
  );
  await expect(app.getByTestId('orders-range')).toHaveText(rangeText(1, 100, first.count));

  // 500 rows: only those in view are in the page, the count still says 500 a page.
  await app.getByRole('tab', { name: /^All/ }).click();
  await app.getByLabel('Per page').selectOption('500');
  const all = await api<OrderPage>(sandbox, '/api/orders/', { page_size: 500 });
  await expect(app.getByTestId('orders-range')).toHaveText(rangeText(1, 500, all.count));
  await expect.poll(async () => (await gridIds(app))[0]).toBe(all.results[0]!.id);
  const rendered = (await gridIds(app)).length;
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(500);
  await expect(grid(app)).toHaveAttribute('aria-rowcount', '501');
});

test('a selection holds across pages; select all matching; keyboard', async ({ app, sandbox }) => {
  await openOrders(app);
  const p1 = await api<OrderPage>(sandbox, '/api/orders/', { stage: 'open', page_size: 50 });
  await expectGridIds(
    app,
    p1.results.map((o) => o.id),
  );
  const checkbox = (name: string) => app.getByRole('checkbox', { name: `Select ${name}` });
  const [a, b] = p1.results;
  await checkbox(a!.order_name!).click();
  await checkbox(b!.order_name!).click();
  await expect(app.getByTestId('selection-count')).toHaveText('2 orders selected');

  await app.getByRole('button', { name: 'Next page' }).click();
  const p2 = await api<OrderPage>(sandbox, '/api/orders/', {
    stage: 'open',
    page: 2,
    page_size: 50,
  });
  await expectGridIds(
    app,
    p2.results.map((o) => o.id),
  );
  await app.getByRole('checkbox', { name: 'Select this page' }).click();
  await expect(app.getByTestId('selection-count')).toHaveText(
    `${2 + p2.results.length} orders selected`,
  );
  await app.getByRole('button', { name: 'Previous page' }).click();
  await expect(checkbox(a!.order_name!)).toBeChecked();
  await expect(checkbox(b!.order_name!)).toBeChecked();
  await expect(app.getByRole('checkbox', { name: 'Select this page' })).toHaveAttribute(
    'data-state',
    'indeterminate',
  );
  await expectNoSeriousA11yViolations(app, 'the Orders view with a selection');

  // Keyboard: j moves down, x selects, k back up, x clears.
  await grid(app).locator('tbody tr').first().click();
  // At a person's pace: keys a few milliseconds apart are a scanner's (held-shortcut.ts).
  await app.keyboard.type('jj', { delay: 120 });
  const third = grid(app).locator(`tr[data-order-id="${p1.results[2]!.id}"]`);
  await expect(third).toBeFocused();
  await app.keyboard.press('x');
  await expect(checkbox(p1.results[2]!.order_name!)).toBeChecked();
  await app.keyboard.type('kx', { delay: 120 });
  await expect(checkbox(b!.order_name!)).not.toBeChecked();
  await expect(app.getByTestId('selection-count')).toHaveText(
    `${2 + p2.results.length} orders selected`,
  );

  await app.getByRole('button', { name: 'Clear selection' }).click();
  await expect(app.getByTestId('selection-count')).toHaveText('No orders selected');

  // Every open order: more than one page of them.
  await app.getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click();
  await expect(app.getByTestId('selection-count')).toHaveText(
    `All ${p1.count.toLocaleString('en-US')} matching orders selected`,
  );
  await expect(checkbox(p1.results[49]!.order_name!)).toBeChecked();
  // Another filter: the selection stays, but it is no longer "all matching".
  await app.getByRole('tab', { name: /^Labels/ }).click();
  await expect(app.getByTestId('selection-count')).toHaveText(
    `${p1.count.toLocaleString('en-US')} orders selected`,
  );
});

test('shift-click selects the range on screen from the last box clicked', async ({
  app,
  sandbox,
}) => {
  await openOrders(app);
  const p1 = await api<OrderPage>(sandbox, '/api/orders/', { stage: 'open', page_size: 50 });
  await expectGridIds(
    app,
    p1.results.map((o) => o.id),
  );
  const checkbox = (i: number) =>
    app.getByRole('checkbox', { name: `Select ${p1.results[i]!.order_name}` });
  await checkbox(2).click();
  await checkbox(9).click({ modifiers: ['Shift'] });
  await expect(app.getByTestId('selection-count')).toHaveText('8 orders selected');
  for (const i of [2, 5, 9]) await expect(checkbox(i)).toBeChecked();
  await expect(checkbox(1)).not.toBeChecked();
  await expect(checkbox(10)).not.toBeChecked();
  // Shift-click on a selected box clears the range back to the last one clicked.
  await checkbox(6).click({ modifiers: ['Shift'] });
  await expect(app.getByTestId('selection-count')).toHaveText('4 orders selected');
});
