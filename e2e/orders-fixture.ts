/**
 * The Orders suites' fixture: the console on its own standalone sandbox (no rate limit, so
 * the comparisons below never wait for a 429), with the sandbox's HTTP API at hand to ask it
 * directly what a filter should match, and the console's bridge at hand to change settings
 * (print routes) as the renderer would. Helpers read the grid as the person sees it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { bridgeCall } from './support/bridge-call';
import { test as base, endedClean, sharing } from './support/console-fixture';
import {
  bootSandbox,
  type SandboxBoot,
  type SandboxOptions,
  type SandboxProcess,
} from './support/sandbox-process';

export interface OrderRow {
  id: number;
  order_name?: string | null;
  channel?: string | null;
  payment_status?: string | null;
  fulfillment_status?: string | null;
  order_date?: string | null;
  created_at: string;
  address_check_summary?: { status?: string } | null;
  [key: string]: unknown;
}

export interface OrderPage {
  count: number;
  next: string | null;
  results: OrderRow[];
}

export const test = base.extend<{
  /** The sandbox's options (no rate limit unless a suite says otherwise). */
  sandboxOptions: Omit<SandboxOptions, 'port'>;
  /** The sandbox on its way up: the console starts on its address meanwhile. */
  sandboxBoot: SandboxBoot;
  /** The sandbox, listening. */
  sandbox: SandboxProcess;
}>({
  sandboxOptions: [{ rate: 0 }, { option: true }],
  sandboxBoot: async ({ sandboxOptions, consoleScope, fileShelf }, use, testInfo) => {
    if (sharing(consoleScope)) {
      // Shared with the console it serves (console-fixture.ts), under the file's options.
      const key = JSON.stringify(sandboxOptions);
      const boot = await fileShelf.take(testInfo.file, 'sandbox', key, async () => {
        const started = await bootSandbox(sandboxOptions);
        return { value: started, stop: () => stopBooted(started) };
      });
      await use(boot);
      if (!endedClean(testInfo)) await fileShelf.clear();
      return;
    }
    const boot = await bootSandbox(sandboxOptions);
    await use(boot);
    await stopBooted(boot);
  },
  sandbox: async ({ sandboxBoot }, use) => {
    await use(await sandboxBoot.ready);
  },
  launch: async ({ sandboxBoot }, use) => {
    await use({ connect: { apiBase: sandboxBoot.url, apiKey: sandboxBoot.key } });
  },
  // The console started beside the sandbox; the test begins once both are up.
  packbench: async ({ packbench, sandboxBoot }, use) => {
    await sandboxBoot.ready;
    await use(packbench);
  },
});

export { bridgeCall, expect };

async function stopBooted(boot: SandboxBoot): Promise<void> {
  const sandbox = await boot.ready.catch(() => undefined);
  await sandbox?.stop();
}

type Query = Record<string, string | number | readonly string[] | undefined>;

/** GET from the sandbox's API with its key, lists joined with commas as the spec says. */
export async function api<T>(sandbox: SandboxProcess, path: string, query: Query = {}): Promise<T> {
  const url = new URL(path, sandbox.url);
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const response = await fetch(url, { headers: { 'X-API-Key': sandbox.key } });
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function grid(app: Page): Locator {
  return app.getByTestId('orders-grid');
}

/** The order ids of the rows in the grid, top to bottom. */
export async function gridIds(app: Page): Promise<number[]> {
  const ids = await grid(app)
    .locator('tbody tr[data-order-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))));
  return ids;
}

/** Waits until the grid shows exactly these ids (the request has come back and rendered). */
export async function expectGridIds(app: Page, ids: readonly number[]): Promise<void> {
  await expect.poll(() => gridIds(app), { timeout: 20_000 }).toEqual(ids);
}

/** "Orders 1–50 of 1,284" for a page, as the pager says it (en-US digits). */
export function rangeText(page: number, pageSize: number, count: number): string {
  if (count === 0) return '0 orders';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  const f = (n: number) => n.toLocaleString('en-US');
  return `Orders ${f(first)}–${f(last)} of ${f(count)}`;
}

/** Opens the Orders view ready: the grid has rows and the count is known. */
export async function openOrders(app: Page): Promise<void> {
  await expect(app.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(app.getByTestId('orders-range')).toContainText(/Orders \d|No orders/);
}

/**
 * Opens Orders on a stage's tab (Labels, Shipped) and waits until the grid shows the API's
 * first 50 orders at that stage, in its order; returns the API's page (its count too).
 */
export async function openStage(
  app: Page,
  sandbox: SandboxProcess,
  stage: 'labels' | 'shipped',
): Promise<OrderPage> {
  await openOrders(app);
  const tab = stage === 'labels' ? /^Labels/ : /^Shipped/;
  await app.getByRole('tab', { name: tab }).click();
  const orders = await api<OrderPage>(sandbox, '/api/orders/', { stage, page_size: 50 });
  await expectGridIds(
    app,
    orders.results.map((o) => o.id),
  );
  return orders;
}

/** Ticks one value in a list filter's menu and closes the menu. */
export async function chooseFilter(app: Page, label: string, value: string): Promise<void> {
  await app.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  const menu = app.getByRole('menu', { name: label });
  await menu.getByRole('menuitemcheckbox', { name: value, exact: true }).click();
  await app.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

export async function clearFilters(app: Page): Promise<void> {
  const clear = app.getByRole('button', { name: /^Clear filters/ });
  if (await clear.isVisible()) await clear.click();
  await expect(clear).toBeHidden();
}
