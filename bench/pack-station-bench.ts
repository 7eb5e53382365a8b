/**
 * `npm run bench -- pack-station`: a packer's shift at the pack bench, in Debian's Chromium
 * (browser mode, as the e2e suites run it) against a sandbox at scale 100 in its own process,
 * every API request 100 ms late (a real API is not on this machine). Labels and slips go to
 * Save to folder (spooling is what is timed, not a printer).
 *
 * Per order: the order's name scanned → the frame painting its pack screen (heading and
 * lines); every unit scanned but the last at a packer's pace; a moment of packing; then the
 * last unit scanned → the frame saying the label and slip are queued. Mouse clicks are
 * counted by a page listener (the target is none). The same run turns the label prefetch off
 * (views.packPrefetch: false) and packs the next orders again, side by side. Then cancelled
 * orders are scanned: the scan → the pack gate shown red (issue 28), beside the lookup alone.
 * BENCH_PACK_SAMPLES=1 prints every sample; BENCH_PACK_ORDERS and BENCH_PACK_SCALE resize it.
 */
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { bridgeCall } from '../e2e/orders-fixture';
import { type PackOrder, packLinesOf } from '../e2e/support/pack-orders';
import { startBrowserBench } from './browser-bench';
import { type BenchReport, type BenchRow, namePeers, percentile } from './table';
import { probeScript, quiet } from './ui-orders-probe';

const KEY = 'bench-pack-key-0123456789';
const SCALE = Number(process.env.BENCH_PACK_SCALE ?? 100);
const ORDERS = Number(process.env.BENCH_PACK_ORDERS ?? 24);
const LATENCY_MS = 100;
/** What a packer spends putting the last item in the box, after its predecessor (ms). */
const PACKING_MS = 1500;

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** Counts the person's mouse clicks on the page (trusted ones only). */
const clickProbe = () => ({
  content: `window.__clicks = 0; document.addEventListener('mousedown', (e) => { if (e.isTrusted) window.__clicks += 1; }, true);
window.__hashAt = 0; addEventListener('hashchange', () => { window.__hashAt = performance.now(); });`,
});

/**
 * Scans `code` in the page (keys 4 ms apart, then Enter, as a scanner sends them) and returns
 * the milliseconds to the first frame where `ready` holds.
 */
async function scanUntil(page: Page, code: string, ready: string, arg: string): Promise<number> {
  return page.evaluate(
    ([keys, test, value]) =>
      new Promise<number>((done, fail) => {
        const isReady = new Function('value', test) as (value: string) => boolean;
        const start = performance.now();
        for (const [i, key] of [...keys, 'Enter'].entries()) {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          Object.defineProperty(event, 'timeStamp', { value: start + i * 4 });
          document.body.dispatchEvent(event);
        }
        const frame = () => {
          if (isReady(value)) done(performance.now() - start);
          else if (performance.now() - start > 30_000) fail(new Error(`not ready: ${value}`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [code, ready, arg] as const,
  );
}

const PACK_PAINTED = `return [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Pack ' + value)
  && document.querySelectorAll('[data-testid="pack-line"]').length > 0;`;
const PROGRESS_IS = `return document.querySelector('[data-testid="pack-progress"]')?.textContent === value;`;
const SPOOLED = `return document.querySelector('[data-testid="pack-signal"]')?.getAttribute('data-print') === 'printed';`;
const GATE_SHOWN = `return [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Pack ' + value)
  && document.querySelector('[data-testid="pack-gate"]')?.getAttribute('data-gate') === 'blocked';`;

async function openBench(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(probeScript());
  await context.addInitScript(clickProbe());
  const page = await context.newPage();
  await page.goto(url);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Pack' })
    .press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Pack' }).waitFor({ timeout: 60_000 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return page;
}

async function shift(page: Page, orders: readonly PackOrder[]) {
  const opened: number[] = [];
  const found: number[] = [];
  const spooled: number[] = [];
  for (const order of orders) {
    await quiet(page);
    const name = order.order_name!;
    const startedAt = await page.evaluate(() => performance.now());
    opened.push(await scanUntil(page, name, PACK_PAINTED, name));
    // How much of it was finding the order (the router's search), the rest being the screen.
    found.push(
      (await page.evaluate(() => (window as Window & { __hashAt?: number }).__hashAt ?? 0)) -
        startedAt,
    );
    const lines = packLinesOf(order);
    const total = lines.reduce((s, l) => s + l.qty, 0);
    const units = lines.flatMap((l) => Array.from({ length: l.qty }, () => l.gtin ?? l.sku));
    for (const [i, code] of units.slice(0, -1).entries()) {
      await scanUntil(page, code, PROGRESS_IS, `${i + 1} of ${total} verified`);
    }
    await quiet(page);
    await page.waitForTimeout(PACKING_MS);
    spooled.push(await scanUntil(page, units[units.length - 1]!, SPOOLED, ''));
  }
  const clicks = await page.evaluate(
    () => (window as Window & { __clicks?: number }).__clicks ?? -1,
  );
  if (process.env.BENCH_PACK_SAMPLES) console.log(JSON.stringify({ opened, spooled }));
  return { opened, found, spooled, clicks: clicks / orders.length };
}

/**
 * Orders the pack gate stops (cancelled): the order's name scanned → the frame showing the red
 * gate. The scan's lookup is the gate's fresh read (one request, 100 ms here); the time to
 * the order's address alone is measured beside it, the floor no gate can beat.
 */
async function stops(page: Page, orders: readonly PackOrder[]) {
  const shown: number[] = [];
  const found: number[] = [];
  for (const order of orders) {
    await quiet(page);
    const name = order.order_name!;
    const startedAt = await page.evaluate(() => performance.now());
    shown.push(await scanUntil(page, name, GATE_SHOWN, name));
    found.push(
      (await page.evaluate(() => (window as Window & { __hashAt?: number }).__hashAt ?? 0)) -
        startedAt,
    );
  }
  return { shown, found };
}

/** 300 ms of the console's own, plus 100 ms per API request on the path (the lookup). */
const GATE_REQUESTS = 1;

function gateRows(run: Awaited<ReturnType<typeof stops>>): BenchRow[] {
  return [
    {
      name: 'stopped order (cancelled): scan → gate shown p95',
      value: round(percentile(run.shown, 95)),
      unit: 'ms',
      base: {
        kind: 'floor',
        name: 'scan → the order found (its address) p95',
        value: round(percentile(run.found, 95)),
      },
      limit: 300 + LATENCY_MS * GATE_REQUESTS,
      limitOn: 'value',
    },
    {
      name: 'stopped order: floor, scan → the order found (its address) p95',
      value: round(percentile(run.found, 95)),
      unit: 'ms',
    },
  ];
}

function rows(label: string, run: Awaited<ReturnType<typeof shift>>, limits: boolean): BenchRow[] {
  return [
    {
      name: `${label}: order scan → pack screen painted p95`,
      value: round(percentile(run.opened, 95)),
      unit: 'ms',
      ...(limits ? { limit: 300 } : {}),
    },
    {
      name: `${label}: of which the order found (scan → its address) p95`,
      value: round(percentile(run.found, 95)),
      unit: 'ms',
    },
    {
      name: `${label}: last item scanned → label and slip spooled p50`,
      value: round(percentile(run.spooled, 50)),
      unit: 'ms',
    },
    {
      name: `${label}: last item scanned → label and slip spooled p95`,
      value: round(percentile(run.spooled, 95)),
      unit: 'ms',
      ...(limits ? { limit: 150 } : {}),
    },
    {
      name: `${label}: mouse clicks per packed order`,
      value: run.clicks,
      unit: 'clicks',
      ...(limits ? { limit: 0 } : {}),
    },
  ];
}

export async function runPackStationBench(): Promise<BenchReport> {
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const bench = await startBrowserBench({ key: KEY, scale: SCALE, latencyMs: LATENCY_MS });
  const { app, browser } = bench;
  // Save to folder's folder is chosen as the page does (issue 31): a subfolder of the config
  // folder, named by the id the console hands out.
  const chosen = await bridgeCall<{ path: string; choiceId: string }>(app.url, 'folderChoose', {
    purpose: 'print-folder',
    root: 'config',
    subfolder: `bench-printed-${Date.now()}`,
  });
  const folder = chosen.path;
  try {
    await bridgeCall(app.url, 'settingsUpdate', {
      patch: {
        printing: {
          routes: {
            shipping_label: { printerId: 'save-to-folder' },
            packing_slip: { printerId: 'save-to-folder' },
          },
          folder: chosen.choiceId,
          scan: { label: true, packingSlip: true },
        },
        station: { name: 'Bench 1' },
      },
    });
    const answer = await fetch(`${bench.sandboxUrl}/api/orders/?stage=labels&page_size=200`, {
      headers: { 'X-API-Key': KEY },
    });
    // Orders the pack gate lets through: nothing refunded (issue 28).
    const all = ((await answer.json()) as { results: PackOrder[] }).results.filter(
      (o) =>
        o.order_name &&
        Array.isArray(o.items) &&
        o.items.length > 0 &&
        !/refunded/.test(String(o.payment_status)),
    );
    if (all.length < ORDERS * 2) throw new Error(`Only ${all.length} orders with labels.`);

    let page = await openBench(browser, app.url);
    const withPrefetch = await shift(page, all.slice(0, ORDERS));
    await page.context().close();

    await bridgeCall(app.url, 'settingsUpdate', { patch: { views: { packPrefetch: false } } });
    page = await openBench(browser, app.url);
    const withoutPrefetch = await shift(page, all.slice(ORDERS, ORDERS * 2));
    await page.context().close();

    const cancelledPage = await fetch(
      `${bench.sandboxUrl}/api/orders/?stage=cancelled&page_size=${ORDERS}`,
      { headers: { 'X-API-Key': KEY } },
    );
    const cancelled = ((await cancelledPage.json()) as { results: PackOrder[] }).results.filter(
      (o) => o.order_name,
    );
    page = await openBench(browser, app.url);
    const stopped = await stops(page, cancelled);
    await page.context().close();

    return {
      name: 'pack-station',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        scale: SCALE,
        ordersEach: ORDERS,
        apiLatencyMs: LATENCY_MS,
        packingMs: PACKING_MS,
        printers: 'Save to folder (label and slip)',
        browser: 'Debian chromium, headless, 1280x720',
        loadAverage1m: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) },
      },
      // Each target beside its peer, the same shift with the prefetch off (issue 34).
      rows: namePeers(
        [
          ...rows('label prefetched', withPrefetch, true),
          ...rows('prefetch off', withoutPrefetch, false),
          ...gateRows(stopped),
        ],
        'label prefetched',
        'prefetch off',
      ),
    };
  } finally {
    await bench.close();
    await rm(folder, { recursive: true, force: true });
  }
}
