/**
 * `npm run bench -- ui-grids`: the Shipments grid with 100,000 rows in Chromium (Playwright,
 * the console in browser mode on a sandbox of its own), beside the peer in the same run: the
 * same bridge call's data in a plain table of every row (DOM API, no framework, no
 * virtualization). Measured for each: time to first rows, sort and filter time (interaction to
 * the frame after the result), scroll frame times while scrolling 10 rows a frame (p95), and the
 * page's JS heap after a garbage collection.
 *
 * Frame times: Chromium runs with vsync and its frame-rate limit off, so a frame's interval is
 * the time it took to produce (not a 60 Hz tick).
 *
 * Issue 34: every target against a floor measured in the same run, in the same Chromium: the
 * scroll against a bare virtual list of the same rows (ui-grids-floor.ts), quiet and with one
 * other core busy, ≤ 1.3×; the sort, with a core busy, beside Array.prototype.sort of the same
 * rows by the same key (≤ 150 ms, the staff's need); the filter beside Array.prototype.filter;
 * all rows beside download + JSON.parse with no UI. BENCH_UI_PEER=0 leaves out the plain
 * table, which no target needs and which takes minutes.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { CHROMIUM_ARGS } from '../playwright.config';
import { type BenchConsole, startBenchConsole } from './console-process';
import { measureListSplit } from './list-split';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process';
import { type BenchReport, type BenchRow, percentile } from './table';
import { type BareFloor, openBareFloor } from './ui-grids-floor';
import {
  buildPeer,
  filterPeer,
  type Interaction,
  scrollFrames,
  sortPeer,
  timeOpen,
  timeUntil,
} from './ui-grids-page';
import { GRID, GRID_SORTS, IDLE, SCROLLER, sortedSelector } from './ui-grids-selectors';

const KEY = 'bench-key';
/**
 * Scale 77 of seed 1 makes 99,385 shipments, just under the most the shipments list holds
 * (SHIPMENTS_HELD, 100,000: issue 32's bound), so the grid is measured at the largest list
 * it keeps whole. (82, 105,695 shipments, was used before the bound: the list now stops at
 * 100,000 there, by design; 81 makes 104,526.)
 */
const SCALE = Number(process.env.BENCH_UI_SCALE ?? 77);
const SCROLL_FRAMES = Number(process.env.BENCH_UI_SCROLL_FRAMES ?? 300);
/**
 * Scroll rounds of the grid and the bare list in turns (issue 34): one 300-frame run of each
 * left the bare list's own p95 anywhere from 19 to 34 ms between runs, so a ratio of 1.3 was
 * decided by when the machine was busy. Each side's figure is the median of its rounds' p95s.
 */
const SCROLL_ROUNDS = Number(process.env.BENCH_UI_SCROLL_ROUNDS ?? 5);
const SCROLL_STEP = 340;
/** BENCH_UI_PEER=0 leaves out the plain-table peer (minutes of a 2-core machine); no target needs it. */
const RUN_PEER = process.env.BENCH_UI_PEER !== '0';
/** Downloads of the whole list with no UI (the floor of "all rows"), median taken. */
const DOWNLOADS = Number(process.env.BENCH_UI_DOWNLOADS ?? 3);
// The e2e suite's Chromium, with vsync and the frame-rate limit off (see the top of this file).
const GRID_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'];
const COUNT = '[data-testid="shipments-count"]';

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

const median = (xs: number[]) => percentile(xs, 50);

/**
 * BENCH_UI_TRACE=file.json records a Chromium trace of the timed scroll (open it in the
 * Performance panel or Perfetto): how the grid's scroll frame p95 was brought under 16.7 ms.
 */
async function startScrollTrace(page: Page): Promise<Browser | undefined> {
  const path = process.env.BENCH_UI_TRACE;
  const browser = page.context().browser();
  if (!path || !browser) return undefined;
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc'];
  await browser.startTracing(page, { path, screenshots: false, categories });
  return browser;
}

/** Progress on stderr, so a long run shows where it is. */
const progress = (what: string, value?: unknown) =>
  console.error(`ui-grids: ${what}${value === undefined ? '' : ` ${JSON.stringify(value)}`}`);

/** How long each step of the peer may take before it is reported as not finishing. */
const PEER_STEP_LIMIT_MS = Number(process.env.BENCH_UI_PEER_LIMIT_MS ?? 180_000);

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface Side {
  firstRows: number;
  sorts: number[];
  filters: number[];
  frames: number[];
  heap: number;
}

/** The floor, the bare virtual list (ui-grids-floor.ts), measured beside the grid. */
interface FloorSide {
  rows: number;
  frames: number[];
  framesBusy: number[];
  /** Each scroll round's p95, quiet and with a core busy (SCROLL_ROUNDS). */
  roundsP95: number[];
  roundsP95Busy: number[];
  /** Array.prototype.sort of the same rows by the grid's keys, with a core busy. */
  sorts: number[];
  /** Array.prototype.filter of the same rows, by the grid's filters. */
  filters: number[];
  /** The whole list read through the bridge, then drawn (no streaming). */
  firstRows: number;
  heap: number;
}

/** One other process busy on one core (issue 16: a shared, noisy machine) until stopped. */
function busyCore(): { stop(): void } {
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return { stop: () => busy.kill('SIGKILL') };
}

/**
 * SCROLL_ROUNDS rounds of the grid's scroll and the bare list's, in turns, the one going first
 * changing each round, so a slow spell of the machine falls on both sides alike.
 */
async function scrollRounds(
  grid: () => Promise<number[]>,
  bare: () => Promise<number[]>,
): Promise<{ grid: number[][]; bare: number[][] }> {
  const out = { grid: [] as number[][], bare: [] as number[][] };
  for (let r = 0; r < SCROLL_ROUNDS; r++) {
    if (r % 2 === 0) {
      out.grid.push(await grid());
      out.bare.push(await bare());
    } else {
      out.bare.push(await bare());
      out.grid.push(await grid());
    }
  }
  return out;
}

async function whileBusy<T>(run: () => Promise<T>): Promise<T> {
  const busy = busyCore();
  try {
    return await run();
  } finally {
    busy.stop();
  }
}

interface GridSide extends Side {
  rows: number;
  /** The same scroll with one other process busy on one core. */
  framesBusy: number[];
  /** Each scroll round's p95, quiet and with a core busy (SCROLL_ROUNDS). */
  roundsP95: number[];
  roundsP95Busy: number[];
  floor: FloorSide;
  /** Click → every chunk of the list in (the grid no longer busy). */
  allRows: number;
  /** After a reload: click → the first rows from the copy kept on disk. */
  secondOpen: number;
}

/**
 * The same list with no UI, in this process: GET the whole array and JSON.parse it (the
 * floor for "full list loaded": download and parse the same bytes). Median of three.
 */
async function downloadAndParse(sandboxUrl: string): Promise<{ ms: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < DOWNLOADS; i++) {
    const t0 = performance.now();
    let list: unknown[];
    try {
      const answer = await fetch(new URL('/api/shipping/v1/shipments/', sandboxUrl), {
        headers: { 'X-API-Key': KEY },
      });
      list = (await answer.json()) as unknown[];
    } catch (error) {
      // On a loaded machine the sandbox has ended a 138 MB answer before its last chunk
      // (undici: "other side closed"); such a try is left out, said on stderr.
      progress('download and parse: a try failed, left out', String(error));
      continue;
    }
    times.push(performance.now() - t0);
    if (list.length === 0) throw new Error('The sandbox sent no shipments.');
    count = list.length;
  }
  if (times.length === 0) throw new Error('Every download of the shipments list failed.');
  return { ms: median(times), count };
}

/**
 * Clicks Shipments in the navigation and times, in the page, the first rows drawn and every
 * row in (the list arrives in chunks, shipmentsStream: the grid is idle once the last is in).
 */
async function openShipments(page: Page): Promise<{ first: number; all: number }> {
  const row = `${GRID} [role="row"][data-shipment-id]`;
  const open = page.evaluate(timeOpen, {
    click: 'nav[aria-label="Views"] a[href$="/shipments"]',
    first: row,
    all: `${IDLE}:has(${row})`,
  });
  const times = await within(open, 300_000);
  if (times === 'timeout') throw new Error('The shipments did not load within 5 minutes.');
  return times;
}

/**
 * The shipments list's bytes, as the service sends them. Asked twice at most: by now the
 * kept-alive connection of the first download has sat idle for minutes, and reusing it just
 * as the sandbox closes it ends in ECONNRESET (seen in two runs in a row at scale 77).
 */
async function listBytes(sandboxUrl: string, tries = 2): Promise<Uint8Array> {
  try {
    const answer = await fetch(new URL('/api/shipping/v1/shipments/', sandboxUrl), {
      headers: { 'X-API-Key': KEY },
    });
    return new Uint8Array(await answer.arrayBuffer());
  } catch (error) {
    if (tries <= 1) throw error;
    return listBytes(sandboxUrl, tries - 1);
  }
}

async function measureGrid(
  page: Page,
  url: string,
  openFloor: (font: string) => Promise<BareFloor>,
): Promise<GridSide> {
  await page.goto(url);
  await page.getByTestId('current-connection').waitFor({ timeout: 180_000 });
  const cdp = await page.context().newCDPSession(page);
  const { first: firstRows, all: allRows } = await openShipments(page);
  progress('grid first rows (ms)', Math.round(firstRows));
  progress('grid all rows (ms)', Math.round(allRows));
  const countText = (await page.locator(COUNT).textContent()) ?? '';
  const rows = Number(/of ([\d,]+)/.exec(countText)?.[1]?.replaceAll(',', '') ?? 0);
  // The floor draws its text in the grid's cells' font, so both lay out the same glyphs.
  const font = await page.evaluate(
    (cell) => getComputedStyle(document.querySelector(cell)!).font,
    `${GRID} [role="cell"]`,
  );
  const bare = await openFloor(font);
  progress('floor: bare list drawn (rows, ms)', [bare.rows, Math.round(bare.firstRows)]);

  // Each step of the grid with its page in front, as the floor's steps are (ui-grids-floor.ts
  // says why): a page behind the other one draws with the display compositor spinning.
  const time = async (a: Interaction) => {
    await page.bringToFront();
    const t = await within(page.evaluate(timeUntil, a), 60_000);
    if (t === 'timeout') throw new Error(`The grid did not settle after ${JSON.stringify(a)}`);
    return t;
  };
  // Sorted with one other core busy (issue 34), beside Array.prototype.sort of the same rows
  // by the same keys, busy too. Once only: the view keeps each sort, so a second round of the
  // same keys would time the cache.
  const sorts: number[] = [];
  const floorSorts: number[] = [];
  await whileBusy(async () => {
    for (const [column, dir] of GRID_SORTS) {
      sorts.push(
        await time({
          click: `[role="columnheader"][data-column-id="${column}"] button`,
          doneSelector: sortedSelector(column, dir),
        }),
      );
      floorSorts.push(await bare.sort(column, dir === 'descending'));
    }
  });
  progress('grid sorts, a core busy (ms)', sorts.map(Math.round));
  progress('floor sorts, a core busy (ms)', floorSorts.map(Math.round));
  const filters: number[] = [];
  const search = 'section[aria-label="Filters"] input[type="search"]';
  for (const value of ['a', 'ab', 'shp_0', '']) {
    filters.push(
      await time({ input: { selector: search, value }, doneSelector: IDLE, changedText: COUNT }),
    );
  }
  // A list filter through its menu: the menu opens untimed, the tick is timed.
  for (const label of ['Carrier', 'SLA']) {
    await page.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
    const item = `[role="menu"][aria-label="${label}"] [role="menuitemcheckbox"]`;
    await page.locator(item).first().waitFor();
    filters.push(await time({ click: item, doneSelector: IDLE, changedText: COUNT }));
    await page.keyboard.press('Escape');
  }
  progress('grid filters (ms)', filters.map(Math.round));
  const floorFilters: number[] = [];
  for (const q of ['a', 'ab', 'shp_0', '']) floorFilters.push(await bare.filter({ q }));
  floorFilters.push(await bare.filter({ carrier: true }), await bare.filter({ sla: true }));
  await page.getByRole('button', { name: /^Clear filters/ }).click();
  await page.locator(IDLE).waitFor();

  await page.bringToFront();
  await page.evaluate(scrollFrames, { selector: SCROLLER, step: SCROLL_STEP, frames: 30 });
  const tracing = await startScrollTrace(page);
  const scrollGrid = async () => {
    await page.bringToFront();
    return page.evaluate(scrollFrames, {
      selector: SCROLLER,
      step: SCROLL_STEP,
      frames: SCROLL_FRAMES,
    });
  };
  // The trace, when asked for, of one grid scroll alone.
  if (tracing) {
    await scrollGrid();
    await tracing.stopTracing();
  }
  // The floor in turns with the grid, on the same machine; then both with one other process
  // busy on one core (issue 16: a shared, noisy machine), as the bridge bench's fetch-all is
  // measured too.
  const quiet = await scrollRounds(scrollGrid, () => bare.scroll(SCROLL_FRAMES, SCROLL_STEP));
  const busy = await whileBusy(() =>
    scrollRounds(scrollGrid, () => bare.scroll(SCROLL_FRAMES, SCROLL_STEP)),
  );
  const p95s = (rounds: number[][]) => rounds.map((r) => percentile(r, 95));
  const frames = quiet.grid.flat();
  const framesBusy = busy.grid.flat();
  const floorFrames = quiet.bare.flat();
  const floorFramesBusy = busy.bare.flat();
  const heap = await heapMb(cdp);
  const floorHeap = await bare.heapMb();
  progress('grid scroll p95 by round, with a core busy, heap', [
    ...p95s(quiet.grid).map(Math.round),
    '|',
    ...p95s(busy.grid).map(Math.round),
    Math.round(heap),
  ]);
  progress('floor scroll p95 by round, with a core busy, heap', [
    ...p95s(quiet.bare).map(Math.round),
    '|',
    ...p95s(busy.bare).map(Math.round),
    Math.round(floorHeap),
  ]);
  const floor: FloorSide = {
    rows: bare.rows,
    frames: floorFrames,
    framesBusy: floorFramesBusy,
    roundsP95: p95s(quiet.bare),
    roundsP95Busy: p95s(busy.bare),
    sorts: floorSorts,
    filters: floorFilters,
    firstRows: bare.firstRows,
    heap: floorHeap,
  };
  // The second open: the page reloaded (a new renderer), the list from the bridge's disk copy.
  await page.reload();
  await page.getByTestId('current-connection').waitFor({ timeout: 180_000 });
  const { first: secondOpen } = await openShipments(page);
  progress('grid second open (ms)', Math.round(secondOpen));
  return {
    firstRows,
    allRows,
    sorts,
    filters,
    frames,
    framesBusy,
    roundsP95: p95s(quiet.grid),
    roundsP95Busy: p95s(busy.grid),
    heap,
    rows,
    secondOpen,
    floor,
  };
}

interface PeerSide {
  rows: number;
  firstRows: number | null;
  sorts: number[];
  filters: number[];
  frames: number[];
  heap: number | null;
  /** The first step that did not finish within its limit; the steps after it were not run. */
  stoppedAt?: string;
}

async function measurePeer(page: Page, url: string): Promise<PeerSide> {
  const origin = new URL(url).origin;
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token') ?? '';
  const side: PeerSide = {
    rows: 0,
    firstRows: null,
    sorts: [],
    filters: [],
    frames: [],
    heap: null,
  };
  // A page of the console's origin without the app: the peer builds everything itself.
  await page.goto(`${origin}/ui-grids-peer`);
  const cdp = await page.context().newCDPSession(page);
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | null> => {
    const result = await within(run(), PEER_STEP_LIMIT_MS);
    if (result !== 'timeout') return result;
    side.stoppedAt = name;
    progress(`peer: ${name} did not finish within ${PEER_STEP_LIMIT_MS} ms; stopping the peer`);
    return null;
  };
  const built = await step('building the table', () => page.evaluate(buildPeer, { token }));
  if (built === null) return side;
  side.firstRows = built;
  side.rows = await page.locator('#peer-table tr').count();
  progress('peer first rows (ms)', Math.round(built));
  for (const [field, desc] of [
    ['tracking_number', false],
    ['carrier', false],
  ] as const) {
    const t = await step(`sort by ${field}`, () => page.evaluate(sortPeer, { field, desc }));
    if (t === null) return side;
    side.sorts.push(t);
  }
  for (const value of ['carrier_a', null]) {
    const t = await step('filter by carrier', () =>
      page.evaluate(filterPeer, { field: 'carrier', value }),
    );
    if (t === null) return side;
    side.filters.push(t);
  }
  progress('peer sorts, filters (ms)', [side.sorts.map(Math.round), side.filters.map(Math.round)]);
  const frames = await step('scrolling', () =>
    page.evaluate(scrollFrames, { selector: '#peer-scroller', step: SCROLL_STEP, frames: 120 }),
  );
  if (frames === null) return side;
  side.frames = frames;
  side.heap = await heapMb(cdp);
  progress('peer scroll p95, heap', [percentile(frames, 95), Math.round(side.heap)]);
  return side;
}

/** The 1-minute load average (2 cores shared with other engineers' runs): say it with the figures. */
const load1 = () => Number(loadavg()[0]?.toFixed(2));

export async function runUiGridsBench(): Promise<BenchReport> {
  const loadBefore = load1();
  const root = resolve(import.meta.dirname, '..');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  const sandbox: SandboxProcess = await startSandboxProcess([
    '--key',
    KEY,
    '--rate',
    '0',
    '--scale',
    String(SCALE),
  ]);
  let browser: Browser | undefined;
  let app: BenchConsole | undefined;
  try {
    app = await startBenchConsole(sandbox.url, KEY);
    const url = app.url;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: GRID_CHROMIUM_ARGS,
    });
    const viewport = { width: 1440, height: 900 };
    const gridContext = await browser.newContext({ viewport });
    // tsx (esbuild, keepNames) wraps named inner functions in __name(); the page lacks it.
    const helpers = 'globalThis.__name = (f) => f;';
    await gridContext.addInitScript(helpers);
    const floor = await downloadAndParse(sandbox.url);
    progress('download and parse, no UI (ms, shipments)', [Math.round(floor.ms), floor.count]);
    // The bare list in a context of its own, beside the grid in the same browser.
    const floorContext = await browser.newContext({ viewport });
    await floorContext.addInitScript(helpers);
    const openFloor = (font: string) => openBareFloor(floorContext, url, font);
    const grid = await measureGrid(await gridContext.newPage(), url, openFloor);
    await gridContext.close();
    await floorContext.close();
    let peer: PeerSide = {
      rows: 0,
      firstRows: null,
      sorts: [],
      filters: [],
      frames: [],
      heap: null,
    };
    if (RUN_PEER) {
      const peerContext = await browser.newContext({ viewport });
      await peerContext.addInitScript(helpers);
      peer = await measurePeer(await peerContext.newPage(), url);
      // A peer that did not finish is still busy: the browser is closed under it below.
      if (!peer.stoppedAt) await peerContext.close();
    }
    // Last, so that its 168 MB and their collection do not run beside the grid's measures.
    const reading = measureListSplit(await listBytes(sandbox.url));
    progress(
      'list reading, no UI (MB/s)',
      reading.map((r) => r.value),
    );
    return report(grid, peer, floor, reading, { before: loadBefore, after: load1() });
  } finally {
    await browser?.close();
    await app?.stop();
    sandbox.stop();
  }
}

function report(
  grid: GridSide,
  peer: PeerSide,
  floor: { ms: number; count: number },
  reading: readonly BenchRow[],
  loadAverage1m: { before: number; after: number },
): BenchReport {
  const round = (v: number) => Math.round(v * 10) / 10;
  const bare = grid.floor;
  const p95 = (xs: number[]) => percentile(xs, 95);
  // Each round's p95 of the grid against the bare list's next to it, and the ratio.
  const roundsNote = (gridP95: number[], bareP95: number[]) =>
    `rounds (grid / bare list p95, ms): ${gridP95
      .map((g, i) => `${round(g)}/${round(bareP95[i] ?? Number.NaN)}`)
      .join(', ')}`;
  const peerMedian = (xs: number[]) => (xs.length > 0 ? median(xs) : null);
  const peerNote = (b: number | null | undefined) =>
    !RUN_PEER
      ? 'plain-table peer not run (BENCH_UI_PEER=0)'
      : b === null || b === undefined || Number.isNaN(b)
        ? `plain-table peer did not finish (${peer.stoppedAt ?? 'not run'})`
        : `plain-table peer ${round(b)} ms`;
  const ms = (name: string, value: number, rest: Partial<BenchRow> = {}): BenchRow => ({
    name,
    value: round(value),
    unit: 'ms',
    ...rest,
  });
  const bareFloor = (name: string, value: number) => ({
    kind: 'floor' as const,
    name,
    value: round(value),
  });
  const rows: BenchRow[] = [
    {
      name: 'grid: shipments in the list',
      value: grid.rows,
      unit: 'rows',
      base: { kind: 'floor', name: "the API's list, read whole with no UI", value: floor.count },
      limit: 1,
      atLeast: true,
      note: `every shipment shown (the bench's scale asks for just under the list's bound of 100,000); the bare list drew ${bare.rows}`,
    },
    ms('grid: scroll frame p95, median of rounds', median(grid.roundsP95), {
      base: bareFloor(
        'bare virtual list (TanStack Virtual), same rows, height, text; median of its rounds',
        median(bare.roundsP95),
      ),
      limit: 1.3,
      note: `${roundsNote(grid.roundsP95, bare.roundsP95)}; p50 of all frames ${percentile(grid.frames, 50).toFixed(1)} ms against ${percentile(bare.frames, 50).toFixed(1)} ms; ${SCROLL_FRAMES} frames a round, ${SCROLL_STEP} px a frame`,
    }),
    ms(
      'grid: scroll frame p95, one other core busy, median of rounds',
      median(grid.roundsP95Busy),
      {
        base: bareFloor('bare virtual list, same core busy', median(bare.roundsP95Busy)),
        limit: 1.3,
        note: `${roundsNote(grid.roundsP95Busy, bare.roundsP95Busy)}; p50 of all frames ${percentile(grid.framesBusy, 50).toFixed(1)} ms against ${percentile(bare.framesBusy, 50).toFixed(1)} ms`,
      },
    ),
    ms('grid: sort, median of 6, one other core busy', median(grid.sorts), {
      base: bareFloor('Array.prototype.sort of the same rows by the same key', median(bare.sorts)),
      // A need of the staff's, whatever the machine: a sort answers within 150 ms.
      limit: 150,
      limitOn: 'value',
      note: `click → sorted rows drawn; max ${Math.round(Math.max(...grid.sorts))} ms; ${peerNote(peerMedian(peer.sorts))}`,
    }),
    ms('grid: filter/search, median of 6', median(grid.filters), {
      base: bareFloor('Array.prototype.filter of the same rows', median(bare.filters)),
      limit: 150,
      limitOn: 'value',
      note: `typing or a tick → rows drawn; max ${Math.round(Math.max(...grid.filters))} ms; ${peerNote(peerMedian(peer.filters))}`,
    }),
    ms('grid: time to first rows (click → first chunk drawn)', grid.firstRows, {
      base: {
        kind: 'peer',
        name: 'bare list: the whole list read through the bridge, then drawn',
        value: round(bare.firstRows),
      },
      limit: 1500,
      limitOn: 'value',
      note: peerNote(peer.firstRows),
    }),
    ms('grid: time to all rows (click → last chunk in, grid idle)', grid.allRows, {
      base: bareFloor(
        `download and JSON.parse the whole list, no UI, median of ${DOWNLOADS}`,
        floor.ms,
      ),
      limit: 1.2,
    }),
    ms('grid: second open, from the disk copy (reload, click → first rows)', grid.secondOpen, {
      base: { kind: 'peer', name: 'first open, from the API', value: round(grid.firstRows) },
      limit: 500,
      limitOn: 'value',
    }),
    {
      name: 'grid: JS heap after GC',
      value: Math.round(grid.heap),
      unit: 'MB',
      base: {
        kind: 'peer',
        name: 'bare virtual list holding the same rows',
        value: Math.round(bare.heap),
      },
      // The figure with the list read whole, before it was streamed (issue 16): no more now.
      limit: 51,
      limitOn: 'value',
      note: peer.heap === null ? '' : `plain-table peer ${Math.round(peer.heap)} MB`,
    },
  ];
  if (peer.firstRows !== null)
    rows.push(ms('peer (plain table): time to first rows', peer.firstRows));
  else if (RUN_PEER)
    rows.push(
      ms('peer (plain table): time to first rows', PEER_STEP_LIMIT_MS, {
        note: 'did not finish: stopped at this limit',
      }),
    );
  const sortMedian = peerMedian(peer.sorts);
  if (sortMedian !== null) rows.push(ms(`peer: sort, median of ${peer.sorts.length}`, sortMedian));
  const filterMedian = peerMedian(peer.filters);
  if (filterMedian !== null)
    rows.push(ms(`peer: filter, median of ${peer.filters.length}`, filterMedian));
  if (peer.frames.length > 0) rows.push(ms('peer: scroll frame p95', p95(peer.frames)));
  if (peer.heap !== null)
    rows.push({ name: 'peer: JS heap after GC', value: Math.round(peer.heap), unit: 'MB' });
  rows.push(...reading);
  if (peer.stoppedAt)
    rows.push({
      name: `peer: stopped at "${peer.stoppedAt}"`,
      value: PEER_STEP_LIMIT_MS,
      unit: 'ms',
      note: 'the step did not finish within this limit',
    });
  return {
    name: 'ui-grids',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: {
      scale: SCALE,
      seed: 1,
      scrollStepPx: SCROLL_STEP,
      scrollFrames: SCROLL_FRAMES,
      chromium: 'vsync and frame-rate limit off',
      viewport: '1440x900',
      plainTablePeer: RUN_PEER ? 'run' : 'not run (BENCH_UI_PEER=0)',
      loadAverage1m,
    },
    rows,
  };
}
