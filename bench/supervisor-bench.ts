/**
 * `npm run bench -- supervisor`: the exceptions board (issue 13) for every location against a
 * sandbox at scale 100 at its default rate limit (20 requests/s), in its own process, through
 * the bridge's own handlers, client and account-wide limiter (what the console's board asks
 * for: the locations, their totals, 3 × (locations + 1) counts and the exceptions walk).
 *
 * - cold: every answer asked for, from nothing: time to the last answer, API requests;
 * - the next launch: the walk kept on disk by the cold run is shown at once with its age
 *   (bridge inventoryExceptionsKept) while a fresh walk runs behind it, so the board is whole
 *   once the filtered counts are in: fresh client, limiter and handlers on the same local
 *   store, the fresh walk started beside the counts as the renderer starts it;
 * - warm is the renderer's query cache (10 minutes fresh, per connection): no request; its
 *   time to paint is not measured here (this bench runs no browser);
 * - the naive way in the same run: the whole list walked (low, out, units) and every
 *   product's stock read (expiring, expired, recall per location; there is no products
 *   endpoint). Its request
 *   count is exact; its time is measured over the first BENCH_SUPERVISOR_NAIVE_READS product
 *   reads (default 400) and extrapolated at that pace to all of them, unless
 *   BENCH_SUPERVISOR_NAIVE_READS=all.
 * - sorting the whole filtered stock list (the bridge reads it, then sorts and pages it): time to
 *   the first sorted page for lists of about 1,000 and 10,000 rows, cold and warm.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../electron/kernel/api/api-client';
import { AccountLimiter } from '../electron/kernel/api/limiter';
import type { CallContext } from '../electron/kernel/handler-types';
import { openLocalStore } from '../electron/kernel/local-store';
import { createApiHandlers } from '../electron/main/create-api-handlers';
import { startSandboxProcess } from './sandbox-process';
import { measureBoardLaunch } from './supervisor-board-launch';
import { measureWarmBoard } from './supervisor-board-paint';
import type { BenchReport, BenchRow } from './table';

const KEY = 'bench-supervisor-key-0123456789';
const SCALE = Number(process.env.BENCH_SUPERVISOR_SCALE ?? 100);
const NAIVE_READS = process.env.BENCH_SUPERVISOR_NAIVE_READS ?? '400';
const DAYS = 30;
/** The sandbox's default rate limit (requests/s), which the board's floor divides by. */
const SERVER_RATE = 20;

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export async function runSupervisorBench(): Promise<BenchReport> {
  const report = await bridgeBench();
  // Its sandbox is stopped by now: the browser part starts its own (no rate limit).
  report.rows.push(...(await measureWarmBoard(SCALE)));
  // Issue 32: the walk's progress painted cold, and the kept board at the next launch.
  report.rows.push(...(await measureBoardLaunch(SCALE)));
  return report;
}

async function bridgeBench(): Promise<BenchReport> {
  const sandbox = await startSandboxProcess(['--key', KEY, '--scale', String(SCALE)]);
  const storeDir = await mkdtemp(join(tmpdir(), 'packbench-supervisor-'));
  const store = await openLocalStore({ dir: storeDir });
  try {
    let requests = 0;
    const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests += 1;
      return fetch(input, init);
    }) as typeof fetch;
    /** A console's handlers: its own client and account-wide limiter, the connection's store. */
    const launch = () => {
      const client = createApiClient({
        baseUrl: sandbox.url,
        apiKey: KEY,
        limiter: new AccountLimiter(),
        fetch: counting,
      });
      return createApiHandlers({
        client: async () => client,
        exportDir: '/tmp',
        localStore: async () => store,
      });
    };
    const h = launch();
    const ctx: CallContext = { signal: new AbortController().signal, progress: () => {} };

    // Cold: what the board asks for, as the renderer asks it (all at once; the limiter paces).
    const coldStart = performance.now();
    let countsMs = 0;
    const [locations, , found, counts] = await Promise.all([
      h.locationsList({}, ctx),
      h.inventoryLocationStock({}, ctx),
      h.inventoryExceptions({}, ctx),
      (async () => {
        const places = await h.locationsList({}, ctx);
        const answers = await Promise.all(
          countFilters(places.map((l) => l.id)).map((filters) =>
            h.inventoryCount({ filters }, ctx),
          ),
        );
        countsMs = performance.now() - coldStart;
        return answers;
      })(),
    ]);
    const coldMs = performance.now() - coldStart;
    const coldRequests = requests;

    // The next launch: the kept walk and the counts; the fresh walk runs behind them.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const next = launch();
    requests = 0;
    const nextStart = performance.now();
    // As the renderer asks: the fresh walk once the kept one is in.
    const keptRead = next.inventoryExceptionsKept({}, ctx);
    const freshWalk = keptRead
      .then(() => next.inventoryExceptions({}, ctx))
      .then(() => performance.now() - nextStart);
    const [nextPlaces, , nextKept] = await Promise.all([
      next.locationsList({}, ctx),
      next.inventoryLocationStock({}, ctx),
      keptRead,
      (async () => {
        const places = await next.locationsList({}, ctx);
        await Promise.all(
          countFilters(places.map((l) => l.id)).map((filters) =>
            next.inventoryCount({ filters }, ctx),
          ),
        );
      })(),
    ]);
    const nextMs = performance.now() - nextStart;
    const nextRequests = requests;
    const freshMs = await freshWalk;
    if (!nextKept.kept) throw new Error('The cold walk was not kept for the next launch.');

    // Naive: walk the list for the products, then read every product's stock.
    const productIds = new Set<number>();
    requests = 0;
    const naiveStart = performance.now();
    for (let page = 1; ; page++) {
      const answer = await h.inventoryList({ page, pageSize: 500 }, ctx);
      for (const r of answer.results) productIds.add(r.product_id);
      if (!answer.next) break;
    }
    const walkMs = performance.now() - naiveStart;
    const walkRequests = requests;
    const ids = [...productIds];
    const sample = NAIVE_READS === 'all' ? ids : ids.slice(0, Number(NAIVE_READS));
    const readStart = performance.now();
    await Promise.all(sample.map((productId) => h.inventoryGet({ productId }, ctx)));
    const readMs = performance.now() - readStart;
    // The walk gives low, out and units; every product's stock gives expiring, expired and
    // recall per location; the locations list names the rows.
    const naiveRequests = walkRequests + ids.length + 1;
    const naiveMs = walkMs + (readMs / sample.length) * ids.length;

    // Sorting the whole filtered stock list: the locations whose lists are nearest 1,000 and
    // 10,000 rows, sorted by available (cold: read and sorted), then by expiry (warm: kept).
    const sizes = await Promise.all(
      locations.map(async (l) => ({
        location: l.id,
        count: (await h.inventoryCount({ filters: { location: l.id } }, ctx)).count,
      })),
    );
    const nearest = (n: number) =>
      sizes.reduce((best, s) => (Math.abs(s.count - n) < Math.abs(best.count - n) ? s : best));
    const sortRows: BenchRow[] = [];
    for (const target of [1_000, 10_000]) {
      const { location, count } = nearest(target);
      const filters = { location };
      requests = 0;
      const coldAt = performance.now();
      const page = await h.inventorySortedPage(
        { filters, sort: { column: 'available', desc: false }, pageSize: 50 },
        ctx,
      );
      const sortCold = performance.now() - coldAt;
      const sortRequests = requests;
      const warmAt = performance.now();
      await h.inventorySortedPage(
        { filters, sort: { column: 'expiry', desc: true }, page: 3, pageSize: 50 },
        ctx,
      );
      const sortWarm = performance.now() - warmAt;
      const label = `sort ${page.count.toLocaleString('en')} rows`;
      sortRows.push(
        {
          name: `${label} cold: time to the first sorted page (read whole, then sorted)`,
          value: Math.round(sortCold),
          unit: 'ms',
          note: `one location's list (about ${target.toLocaleString('en')} asked; ${count} rows), ${sortRequests} API requests`,
        },
        {
          name: `${label} warm: another column, page 3`,
          value: round(sortWarm, 1),
          unit: 'ms',
          note: `${requests - sortRequests} API requests (the list is kept 5 minutes)`,
        },
      );
    }

    const rowsOut: BenchRow[] = [
      {
        name: 'board cold: every location, time to the last count',
        value: round(coldMs / 1000, 2),
        unit: 's',
        // Issue 34: against its rate floor, the requests at the account's rate.
        base: {
          kind: 'floor',
          name: `requests ÷ rate (${coldRequests} ÷ ${SERVER_RATE}/s)`,
          value: round(coldRequests / SERVER_RATE, 2),
        },
        limit: 1.3,
        note: `${locations.length} locations, ${counts.length} counts, ${found.scanned} stock rows walked, ${found.recalled.length} recalled products read`,
      },
      {
        name: 'board cold: low, out, expiring and units shown (the filtered counts)',
        value: round(countsMs / 1000, 2),
        unit: 's',
        note: 'expired and recall columns fill in when the walk ends (the line above)',
      },
      { name: 'board cold: API requests', value: coldRequests, unit: 'requests' },
      {
        name: 'board at the next launch: every count shown (walk columns from the kept walk)',
        value: round(nextMs / 1000, 2),
        unit: 's',
        base: {
          kind: 'floor',
          name: `requests ÷ rate (${nextRequests} ÷ ${SERVER_RATE}/s)`,
          value: round(nextRequests / SERVER_RATE, 2),
        },
        limit: 5,
        limitOn: 'value',
        note: `${nextRequests} API requests by then (${nextPlaces.length} locations); the fresh walk replaced the kept one after ${round(freshMs / 1000, 1)} s`,
      },
      {
        name: 'board warm: API requests (query cache, 10 min fresh)',
        value: 0,
        unit: 'requests',
        note: 'its time to paint: the Chromium rows below',
      },
      {
        name: 'naive: API requests (walk + every product stock read + locations)',
        value: naiveRequests,
        unit: 'requests',
        note: `${ids.length} products`,
      },
      {
        name: 'naive: time',
        value: round(naiveMs / 1000, 1),
        unit: 's',
        note:
          sample.length === ids.length
            ? 'measured'
            : `extrapolated from ${sample.length} of ${ids.length} product reads`,
      },
      {
        name: 'board requests against the naive walk',
        value: coldRequests,
        unit: 'requests',
        base: { kind: 'peer', name: 'naive: API requests', value: naiveRequests },
        limit: 0.1,
      },
      ...sortRows,
    ];

    return {
      name: 'supervisor',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        scale: SCALE,
        serverRate: SERVER_RATE,
        days: DAYS,
        load: loadavg().map((l) => round(l, 2)),
      },
      rows: rowsOut,
    };
  } finally {
    sandbox.stop();
    await store.close();
    await rm(storeDir, { recursive: true, force: true });
  }
}

/** The board's counts, as countRequests (renderer) builds them: 3 per location and 3 overall. */
function countFilters(locationIds: readonly number[]) {
  return [...locationIds, null].flatMap((id) => {
    const at = id === null ? {} : { location: id };
    return [
      { ...at, low_stock: true },
      { ...at, out_of_stock: true },
      { ...at, expiring_within_days: DAYS },
    ];
  });
}
