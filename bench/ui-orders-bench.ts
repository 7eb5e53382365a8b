/**
 * `npm run bench -- ui-orders`: the Orders workspace as a person uses it, in Debian's Chromium
 * (browser mode, as the e2e suites run it) against a sandbox at scale 100 (≈200,000 orders)
 * in its own process, with no sandbox rate limit (the console's own limiter stays, as shipped).
 *
 * 1. Launch: a fresh browser context opens the console's URL; navigation start → the frame
 *    that paints the first page of orders. Several launches, cold HTTP cache each time.
 * 2. Page change with prefetch: "Next page" through 50 pages, each click made once the page's
 *    prefetch of the next one has come back (as a person reading a page gives it time to).
 * 3. JS heap after those 50 pages: used heap as it is, and what is left after a forced GC.
 * 4. Page change without prefetch: page numbers typed into the pager, each far from every page
 *    seen so far, so nothing is cached.
 * 5. Filter change to new rows: a stage tab, then ticking a channel in the Channel menu, each
 *    a combination not asked for before.
 * Every time is input → the frame that paints the new rows, taken in the page
 * (bench/ui-orders-probe.ts).
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { startBrowserBench } from './browser-bench';
import { type BenchReport, type BenchRow, namePeers, percentile } from './table';
import { nextRows, probeScript, quiet, timeToNewRows } from './ui-orders-probe';

const KEY = 'bench-ui-key-0123456789';
const SCALE = Number(process.env.BENCH_UI_SCALE ?? 100);
const LAUNCHES = Number(process.env.BENCH_UI_LAUNCHES ?? 7);
const PAGES = 50;
const JUMPS = Number(process.env.BENCH_UI_JUMPS ?? 20);
/** Channels ticked per stage tab: with the tabs, about 20 filter changes. */
const CHANNELS_PER_STAGE = 2;
const PAGE_SIZE = 50;
const MB = 1024 * 1024;

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function openConsole(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(probeScript());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Navigation start → the first page of orders painted (the probe's clock starts there). */
async function launchOnce(browser: Browser, url: string): Promise<number> {
  const page = await openConsole(browser, url);
  const first = await nextRows(page, 0, '');
  await page.context().close();
  return first.t;
}

async function rangeText(page: Page): Promise<string> {
  return (await page.getByTestId('orders-range').textContent()) ?? '';
}

/** "Orders 51–100 of 40,123" for a page, as the pager says it in en-US. */
function expectedRange(pageNumber: number, count: number): string {
  const f = (n: number) => n.toLocaleString('en-US');
  const first = (pageNumber - 1) * PAGE_SIZE + 1;
  return `Orders ${f(first)}–${f(Math.min(count, pageNumber * PAGE_SIZE))} of ${f(count)}`;
}

/** The grid must show the page asked for, not just other rows: checked after each sample. */
async function checkPage(page: Page, pageNumber: number, count: number): Promise<void> {
  const want = expectedRange(pageNumber, count);
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="orders-range"]')?.textContent === text,
    want,
    { timeout: 30_000 },
  );
}

async function totalCount(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      /^Orders [\d,]+–/.test(
        document.querySelector('[data-testid="orders-range"]')?.textContent ?? '',
      ),
    undefined,
    { timeout: 60_000 },
  );
  const match = /of ([\d,]+)$/.exec(await rangeText(page));
  if (!match?.[1]) throw new Error(`No count in "${await rangeText(page)}".`);
  return Number(match[1].replaceAll(',', ''));
}

async function pageWithPrefetch(page: Page, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 2; n <= PAGES + 1; n++) {
    await quiet(page);
    samples.push(
      await timeToNewRows(page, () => page.getByRole('button', { name: 'Next page' }).click()),
    );
    await checkPage(page, n, count);
  }
  return samples;
}

async function heap(page: Page): Promise<{ usedMb: number; afterGcMb: number }> {
  const cdp = await page.context().newCDPSession(page);
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.send('HeapProfiler.collectGarbage');
  const afterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.detach();
  return { usedMb: round(used / MB), afterGcMb: round(afterGc / MB) };
}

/** Pages typed into the pager, spread over the whole range and never next to one seen. */
async function pageWithoutPrefetch(page: Page, count: number): Promise<number[]> {
  const pages = Math.ceil(count / PAGE_SIZE);
  const box = page.getByLabel('Page', { exact: true });
  const samples: number[] = [];
  for (let i = 0; i < JUMPS; i++) {
    const target = PAGES + 10 + Math.floor(((pages - PAGES - 20) * (i + 1)) / (JUMPS + 1));
    await quiet(page);
    await box.fill(String(target));
    samples.push(await timeToNewRows(page, () => box.press('Enter')));
    await checkPage(page, target, count);
  }
  return samples;
}

/** A stage tab, then channels ticked one at a time in its Channel menu (each a new query). */
async function filterChanges(page: Page): Promise<number[]> {
  const samples: number[] = [];
  for (const stage of ['Labels', 'Shipped', 'Delivered', 'Cancelled', 'All', 'Open']) {
    await quiet(page);
    const tab = page.getByRole('tab', { name: new RegExp(`^${stage}`) });
    samples.push(await timeToNewRows(page, () => tab.click()));
    const menuButton = page.getByRole('button', { name: /^Channel:/ });
    await menuButton.click();
    const items = page.getByRole('menu', { name: 'Channel' }).getByRole('menuitemcheckbox');
    await items.first().waitFor();
    for (let i = 0; i < CHANNELS_PER_STAGE; i++) {
      const item = items.nth(i);
      await quiet(page);
      samples.push(await timeToNewRows(page, () => item.click()));
      // Untick it again: back to the tab's rows, already cached (not a sample).
      await quiet(page);
      await timeToNewRows(page, () => item.click());
    }
    await page.keyboard.press('Escape');
  }
  return samples;
}

function percentileRows(
  name: string,
  samples: readonly number[],
  limit?: number,
  note?: string,
): BenchRow[] {
  return [
    { name: `${name} p50`, value: round(percentile(samples, 50)), unit: 'ms' },
    { name: `${name} p95`, value: round(percentile(samples, 95)), unit: 'ms', limit, note },
  ];
}

export async function runUiOrdersBench(): Promise<BenchReport> {
  // Other work on the machine shows in every figure: the 1-minute load is kept beside them.
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const bench = await startBrowserBench({ key: KEY, scale: SCALE });
  const { app, browser } = bench;
  try {
    // The first launch warms the sandbox's and the bridge's caches of the first page; it is
    // measured like the others, so a cold first open shows in the p95.
    const launches: number[] = [];
    for (let i = 0; i < LAUNCHES; i++) launches.push(await launchOnce(browser, app.url));

    const page = await openConsole(browser, app.url);
    const count = await totalCount(page);
    await quiet(page);
    const heapAtStart = await heap(page);
    const withPrefetch = await pageWithPrefetch(page, count);
    await quiet(page);
    const heapAfter = await heap(page);
    const withoutPrefetch = await pageWithoutPrefetch(page, count);
    const filters = await filterChanges(page);

    const rows: BenchRow[] = [
      {
        name: 'launch: first orders page painted p50',
        value: round(percentile(launches, 50)),
        unit: 'ms',
      },
      {
        name: 'launch: first orders page painted max',
        value: round(Math.max(...launches)),
        unit: 'ms',
        // Issue 34: no floor of a launch is measured in this run yet, so no target (it was
        // ≤ 1000 ms, absolute); the figure stays for reading beside the page changes.
        note: 'navigation start → the frame that paints the rows, fresh browser context each; no target until a floor is measured beside it',
      },
      ...percentileRows(
        'page change with prefetch',
        withPrefetch,
        200,
        'click on Next → new rows painted',
      ),
      ...percentileRows(
        'page change without prefetch',
        withoutPrefetch,
        200,
        'page number typed, Enter → new rows painted',
      ),
      ...percentileRows('filter change to new rows', filters, undefined, 'stage tab or channel'),
      {
        name: `JS heap after ${PAGES} pages`,
        value: heapAfter.usedMb,
        unit: 'MB',
        base: {
          kind: 'floor',
          name: 'JS heap at the first page, after GC',
          value: heapAtStart.afterGcMb,
        },
        limit: 150,
        limitOn: 'value',
        note: 'used heap as it is, no forced GC',
      },
      { name: `JS heap after ${PAGES} pages, after GC`, value: heapAfter.afterGcMb, unit: 'MB' },
      { name: 'JS heap at the first page, after GC', value: heapAtStart.afterGcMb, unit: 'MB' },
      { name: 'console process ready (for information)', value: round(app.readyMs), unit: 'ms' },
    ];
    return {
      name: 'ui-orders',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        scale: SCALE,
        matchingOrders: count,
        pageSize: PAGE_SIZE,
        launches: LAUNCHES,
        pagesWithPrefetch: withPrefetch.length,
        jumpsWithoutPrefetch: withoutPrefetch.length,
        filterChanges: filters.length,
        browser: 'Debian chromium, headless, 1440x900',
        loadAverage1m: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) },
      },
      // Each page change beside the other way of changing page, the same run (issue 34).
      rows: namePeers(
        namePeers(rows, 'page change with prefetch', 'page change without prefetch'),
        'page change without prefetch',
        'page change with prefetch',
      ),
    };
  } finally {
    await bench.close();
  }
}
