/**
 * What the ui-orders benchmark installs in the page before the console's own scripts run, and
 * how it reads it back. Times are taken in the page (performance.now(), whose origin is the
 * navigation's start), not from Node: a Playwright locator polls, and its polling interval
 * would be measured along with the console.
 *
 * - Rows: a MutationObserver notes every change of the grid's rendered order ids, stamped at
 *   the next animation frame (the frame that paints them), with the timestamp of the last
 *   click or key press before it, so "input → new rows painted" is one subtraction.
 * - Quiet: bridge calls in flight (window.fetch to /bridge/call/), so a sample starts only
 *   when the page's prefetch has finished and nothing of the previous sample is still loading.
 */
import type { Page } from '@playwright/test';

export interface RowChange {
  /** performance.now() at the frame that paints the rows. */
  t: number;
  /** The grid's rendered order ids, joined with commas ('' when it shows none). */
  sig: string;
  /** performance.now() of the last click or key press before the change (0 if none). */
  input: number;
}

export interface Probe {
  inflight: number;
  lastInput: number;
  changes: RowChange[];
}

type ProbeWindow = Window & { __probe?: Probe };

/** Runs in the page (serialized by addInitScript): nothing from outside this function. */
export function installProbe(): void {
  const probe: Probe = { inflight: 0, lastInput: 0, changes: [] };
  (window as ProbeWindow).__probe = probe;

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const counted = url.includes('/bridge/call/');
    if (counted) probe.inflight++;
    try {
      const response = await realFetch(input, init);
      // The answer counts as arrived once its body is read (the console reads it whole).
      if (counted) await response.clone().arrayBuffer();
      return response;
    } finally {
      if (counted) probe.inflight--;
    }
  };

  const noteInput = (event: Event) => {
    probe.lastInput = event.timeStamp;
  };
  document.addEventListener('click', noteInput, true);
  document.addEventListener('keydown', noteInput, true);

  let last = '';
  const signature = () =>
    Array.from(
      document.querySelectorAll('[data-testid="orders-grid"] tbody tr[data-order-id]'),
      (row) => row.getAttribute('data-order-id'),
    ).join(',');
  const observe = () => {
    const sig = signature();
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
      attributeFilter: ['data-order-id'],
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/**
 * installProbe as an init script's source. tsx compiles this file with esbuild's keepNames,
 * which wraps named functions in a `__name(fn, "name")` helper that exists in Node, not in the
 * page: the script brings its own.
 */
export function probeScript(): { content: string } {
  return { content: `globalThis.__name ??= (f) => f;\n(${installProbe.toString()})();` };
}

export async function changeCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as ProbeWindow).__probe?.changes.length ?? 0);
}

export async function currentSignature(page: Page): Promise<string> {
  return page.evaluate(() => (window as ProbeWindow).__probe?.changes.at(-1)?.sig ?? '');
}

/**
 * The first change after `from` (a change count) to rows other than `before`, none included:
 * the new page or filter result painted.
 */
export async function nextRows(page: Page, from: number, before: string): Promise<RowChange> {
  const handle = await page.waitForFunction(
    ([n, old]) =>
      (window as ProbeWindow).__probe?.changes
        .slice(n)
        .find((c) => c.sig !== '' && c.sig !== old) ?? false,
    [from, before] as const,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as RowChange;
}

/** Waits until no bridge call is in flight, still so two frames later (prefetches done). */
export async function quiet(page: Page): Promise<void> {
  for (;;) {
    await page.waitForFunction(() => (window as ProbeWindow).__probe?.inflight === 0, undefined, {
      timeout: 30_000,
      polling: 'raf',
    });
    const still = await page.evaluate(
      () =>
        new Promise<boolean>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => done((window as ProbeWindow).__probe?.inflight === 0)),
          ),
        ),
    );
    if (still) return;
  }
}

/**
 * Runs `act` (one click or key press) and returns the milliseconds from that input to the
 * frame that paints the new rows.
 */
export async function timeToNewRows(page: Page, act: () => Promise<void>): Promise<number> {
  const from = await changeCount(page);
  const before = await currentSignature(page);
  await act();
  const change = await nextRows(page, from, before);
  if (change.input === 0)
    throw new Error('No click or key press was seen before the rows changed.');
  return change.t - change.input;
}
