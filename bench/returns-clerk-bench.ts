/**
 * `npm run bench -- returns-clerk`: a returns clerk moving through the worklist's split view,
 * in Debian's Chromium (browser mode, as the e2e suites run it) against a sandbox at scale 100
 * in its own process, every API request 100 ms late (a real API is not on this machine).
 *
 * One sample is one `j`: the key press → the frame that paints the next return's own fresh
 * copy in the pane (`data-fresh="true"` under the next RMA). The pane paints the worklist's
 * row at once and the fresh copy when it arrives; with the prefetch on, the next return's copy
 * is fetched while the clerk reads this one, so the fresh copy paints at the key press. Each
 * sample starts once nothing is in flight (a clerk reads a return for seconds). The same run
 * turns the prefetch off (views.returnsPrefetch: false) and measures again, side by side;
 * and a line's disposition recorded by key → painted, beside the review mark's
 * (clerk-marks-bench.ts).
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { bridgeCall } from '../e2e/orders-fixture';
import { startBrowserBench } from './browser-bench';
import { markPaints } from './clerk-marks-bench';
import { type BenchReport, type BenchRow, namePeers, percentile } from './table';
import { probeScript, quiet } from './ui-orders-probe';

const KEY = 'bench-clerk-key-0123456789';
const SCALE = Number(process.env.BENCH_CLERK_SCALE ?? 100);
const MOVES = Number(process.env.BENCH_CLERK_MOVES ?? 24);
const LATENCY_MS = 100;

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

interface PaneChange {
  t: number;
  sig: string;
  input: number;
}
interface PaneProbe {
  lastInput: number;
  changes: PaneChange[];
}
type ProbeWindow = Window & { __pane?: PaneProbe };

/** Runs in the page before the console's scripts: notes each pane change at its painting frame. */
function installPaneProbe(): void {
  const probe: PaneProbe = { lastInput: 0, changes: [] };
  (window as ProbeWindow).__pane = probe;
  document.addEventListener(
    'keydown',
    (event) => {
      probe.lastInput = event.timeStamp;
    },
    true,
  );
  let last = '';
  const observe = () => {
    const pane = document.querySelector('[data-testid="return-pane"]');
    const sig = pane ? `${pane.getAttribute('aria-label')}|${pane.getAttribute('data-fresh')}` : '';
    if (sig === last) return;
    last = sig;
    const input = probe.lastInput;
    requestAnimationFrame(() => probe.changes.push({ t: performance.now(), sig, input }));
  };
  const start = () =>
    new MutationObserver(observe).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label', 'data-fresh'],
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** The probe as an init script (see ui-orders-probe.ts on the `__name` helper). */
const paneProbeScript = () => ({
  content: `globalThis.__name ??= (f) => f;\n(${installPaneProbe.toString()})();`,
});

async function openWorklist(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(paneProbeScript());
  // The orders probe counts bridge calls in flight, so `quiet` can wait for them.
  await context.addInitScript(probeScript());
  const page = await context.newPage();
  await page.goto(url);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await page.getByTestId('return-pane').waitFor({ timeout: 60_000 });
  return page;
}

/** `j` → the next return's fresh copy painted, `moves` times. */
async function moves(page: Page, count: number): Promise<{ fresh: number[]; row: number[] }> {
  const fresh: number[] = [];
  const row: number[] = [];
  for (let i = 0; i < count; i++) {
    await quiet(page);
    const from = await page.evaluate(() => (window as ProbeWindow).__pane?.changes.length ?? 0);
    const before = await page.evaluate(
      () => document.querySelector('[data-testid="return-pane"]')?.getAttribute('aria-label') ?? '',
    );
    await page.keyboard.press('j');
    const handle = await page.waitForFunction(
      ([n, old]) => {
        const changes = (window as ProbeWindow).__pane?.changes.slice(n) ?? [];
        const moved = changes.filter((c) => c.sig.split('|')[0] !== old);
        const painted = moved.find((c) => c.sig.endsWith('|true'));
        return painted && moved[0] ? { first: moved[0], painted } : false;
      },
      [from, before] as const,
      { timeout: 30_000, polling: 'raf' },
    );
    const { first, painted } = (await handle.jsonValue()) as {
      first: PaneChange;
      painted: PaneChange;
    };
    if (painted.input === 0) throw new Error('No key press was seen before the pane changed.');
    fresh.push(painted.t - painted.input);
    row.push(first.t - first.input);
  }
  return { fresh, row };
}

function rows(label: string, samples: { fresh: number[]; row: number[] }, limit?: number) {
  const out: BenchRow[] = [
    {
      name: `next return (${label}): fresh detail painted p50`,
      value: round(percentile(samples.fresh, 50)),
      unit: 'ms',
    },
    {
      name: `next return (${label}): fresh detail painted p95`,
      value: round(percentile(samples.fresh, 95)),
      unit: 'ms',
      limit,
      note: 'j → the frame painting the next return fetched from the API',
    },
    {
      name: `next return (${label}): pane painted from the row p95`,
      value: round(percentile(samples.row, 95)),
      unit: 'ms',
      note: 'j → the frame painting the next return from the worklist row',
    },
  ];
  return out;
}

export async function runReturnsClerkBench(): Promise<BenchReport> {
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const bench = await startBrowserBench({ key: KEY, scale: SCALE, latencyMs: LATENCY_MS });
  const { app, browser } = bench;
  try {
    let page = await openWorklist(browser, app.url);
    const withPrefetch = await moves(page, MOVES);
    // Recording on the return now open (issue 32), beside the review mark's paint.
    const marks = await markPaints(page, MOVES);
    await page.context().close();

    // Back to the first return (the position is kept), the prefetch off.
    await bridgeCall(app.url, 'settingsUpdate', {
      patch: { views: { returnsPrefetch: false, returnsPosition: {} } },
    });
    page = await openWorklist(browser, app.url);
    const withoutPrefetch = await moves(page, MOVES);
    await page.context().close();

    return {
      name: 'returns-clerk',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        scale: SCALE,
        movesEach: MOVES,
        apiLatencyMs: LATENCY_MS,
        browser: 'Debian chromium, headless, 1440x900',
        loadAverage1m: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) },
      },
      // The target beside its peer, the same moves with the prefetch off (issue 34).
      rows: namePeers(
        [
          ...rows('next one prefetched', withPrefetch, 100),
          ...rows('prefetch off', withoutPrefetch),
          ...marks,
        ],
        '(next one prefetched)',
        '(prefetch off)',
      ),
    };
  } finally {
    await bench.close();
  }
}
