/**
 * Filtering the Orders view by each filter of the API: after every change the grid shows
 * exactly the first page the sandbox answers for the same filters, the pager its count, and
 * the stage tabs their counts. axe on the view with a filter menu open.
 */

import {
  api,
  chooseFilter,
  clearFilters,
  expect,
  expectGridIds,
  type OrderPage,
  openOrders,
  rangeText,
  test,
} from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';

// One console and sandbox for the file: the tests only read orders; the filters and tab each
// chooses are saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

interface Facets {
  channel: string[];
  payment_status: string[];
  fulfillment_status: string[];
}

const humanize = (v: string) => {
  const t = v.replaceAll('_', ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

test('each filter shows the orders the API matches, with its count', async ({ app, sandbox }) => {
  const list = (query: Record<string, string | undefined>) =>
    api<OrderPage>(sandbox, '/api/orders/', { page_size: 50, ...query });
  const expectMatches = async (query: Record<string, string | undefined>) => {
    const answer = await list(query);
    await expectGridIds(
      app,
      answer.results.map((o) => o.id),
    );
    await expect(app.getByTestId('orders-range')).toHaveText(rangeText(1, 50, answer.count));
    return answer;
  };

  await openOrders(app);
  // The default tab is Open.
  await expectMatches({ stage: 'open' });
  const all = await api<OrderPage>(sandbox, '/api/orders/', { page_size: 1 });
  for (const stage of ['open', 'labels', 'shipped', 'delivered', 'cancelled'] as const) {
    const { count } = await api<OrderPage>(sandbox, '/api/orders/', { page_size: 1, stage });
    await expect(app.getByTestId(`stage-tab-${stage}`).getByTestId('stage-count')).toHaveText(
      count.toLocaleString('en-US'),
    );
  }
  await expect(app.getByTestId('stage-tab-all').getByTestId('stage-count')).toHaveText(
    all.count.toLocaleString('en-US'),
  );

  await app.getByRole('tab', { name: /^Labels/ }).click();
  await expectMatches({ stage: 'labels' });
  await app.getByRole('tab', { name: /^All/ }).click();
  await expectMatches({});

  const facets = await api<Facets>(sandbox, '/api/orders/facets/');
  const channel = facets.channel[0]!;
  await chooseFilter(app, 'Channel', channel);
  await expectMatches({ channel });
  await expectNoSeriousA11yViolations(app, 'the Orders view with a channel filter');
  await clearFilters(app);

  await chooseFilter(app, 'Exclude channel', channel);
  const excluded = await expectMatches({ exclude_channel: channel });
  expect(excluded.results.every((o) => o.channel !== channel)).toBe(true);
  await clearFilters(app);

  const payment = facets.payment_status.at(-1)!;
  await chooseFilter(app, 'Payment', humanize(payment));
  await expectMatches({ payment_status: payment });
  await clearFilters(app);

  const fulfillment = facets.fulfillment_status[0]!;
  await chooseFilter(app, 'Fulfillment', humanize(fulfillment));
  await expectMatches({ fulfillment_status: fulfillment });
  await clearFilters(app);

  await chooseFilter(app, 'Address check', 'Needs review');
  await expectMatches({ address_status: 'needs_review' });
  await chooseFilter(app, 'Address check', 'Invalid');
  await expectMatches({ address_status: 'needs_review,invalid' });
  await clearFilters(app);

  await app.getByRole('button', { name: /^Attention:/ }).click();
  const menu = app.getByRole('menu', { name: 'Attention' });
  await expectNoSeriousA11yViolations(app, 'the Orders view with the attention menu open');
  await menu.getByRole('menuitemcheckbox', { name: 'Held by a rule' }).click();
  await app.keyboard.press('Escape');
  await expectMatches({ attention: 'hold' });
  await clearFilters(app);

  // A week of orders, counted from the newest order's own date.
  const newest = (await list({})).results[0]!;
  const day = (offset: number) => {
    const d = new Date(`${(newest.order_date ?? newest.created_at).slice(0, 10)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  await app.getByLabel('From', { exact: true }).fill(day(-10));
  await app.getByLabel('To', { exact: true }).fill(day(-4));
  await expectMatches({ date_after: day(-10), date_before: day(-4) });
  await clearFilters(app);

  const wanted = (await list({ stage: 'shipped' })).results[3]!;
  const search = app.getByRole('searchbox', { name: 'Search' });
  await search.fill(wanted.order_name!);
  await search.press('Enter');
  const found = await expectMatches({ q: wanted.order_name! });
  expect(found.results.map((o) => o.id)).toContain(wanted.id);

  // Several filters at once, on a stage tab.
  await clearFilters(app);
  await app.getByRole('tab', { name: /^Shipped/ }).click();
  await chooseFilter(app, 'Channel', channel);
  await chooseFilter(app, 'Payment', humanize(payment));
  await expectMatches({ stage: 'shipped', channel, payment_status: payment });
});

test('the header search box searches every stage and the tabs say where the matches are', async ({
  app,
  sandbox,
}) => {
  await openOrders(app);
  // A shipped order, searched for from the Open tab.
  const some = (await api<OrderPage>(sandbox, '/api/orders/', { page_size: 5, stage: 'shipped' }))
    .results[2]!;
  const header = app.getByRole('searchbox', { name: 'Find an order' });
  await header.fill(some.order_name!);
  await header.press('Enter');
  await expect(app.getByRole('searchbox', { name: 'Search' })).toHaveValue(some.order_name!);
  await expect(app.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  const answer = await api<OrderPage>(sandbox, '/api/orders/', {
    page_size: 50,
    q: some.order_name!,
  });
  await expectGridIds(
    app,
    answer.results.map((o) => o.id),
  );
  const shipped = await api<OrderPage>(sandbox, '/api/orders/', {
    page_size: 1,
    stage: 'shipped',
    q: some.order_name!,
  });
  await expect(app.getByRole('tab', { name: /^Shipped/ })).toContainText(String(shipped.count));
});
