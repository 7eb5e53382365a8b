/**
 * `npm run bench -- bridge`: the bridge's client and account-wide limiter against the sandbox
 * at a fixed rate limit R (scale 10: 20,000 orders), the sandbox in its own process so its
 * work does not slow the client being measured. Side by side in one run:
 *
 * 1. fetch-all of the 20,000 orders by the bridge (AccountLimiter + ApiClient, as shipped):
 *    at the server's maximum page size (500: 40 requests) and at page size 50 (400 requests,
 *    enough for 429s per 1,000 requests to mean something). Elapsed over the ideal (requests
 *    / R), and 429s per 1,000 requests, overall and after the first adaptation;
 * 2. the same 400-page job by a naive sequential client with no throttle (a 429 is a failed
 *    page; it moves on) and by a fixed-retry client (sleeps 1 s on a 429 and asks again);
 * 3. three bridges (three limiters and clients, one key) paging concurrently for a while:
 *    aggregate throughput over R, Jain's fairness index across them, failed calls
 *    (bridge-three.ts; `BENCH_BRIDGE_ONLY=three` runs this phase alone).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type ApiClient, createApiClient } from '../electron/kernel/api/api-client';
import { AccountLimiter } from '../electron/kernel/api/limiter';
import { fetchAll } from '../electron/kernel/api/paginate';
import { busyRounds, spreadNote } from './bridge-fetch-all-busy';
import { measurePageCpu, pageCpuOnly, pageCpuRows } from './bridge-page-cpu';
import {
  listPage,
  type OpenBridge,
  type ThreeRun,
  threeBridges,
  threeRows,
  withThreeRows,
} from './bridge-three';
import { type LimiterFactory, loadPeerLimiter, PEER_LIMITER_COMMIT } from './peer-limiter';
import { startSandboxProcess } from './sandbox-process';
import type { BenchReport, BenchRow } from './table';

const R = Number(process.env.BENCH_RATE ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 10);
const CONCURRENT_SECONDS = Number(process.env.BENCH_CONCURRENT_SECONDS ?? 40);
const KEY = 'bench-key';

interface Traffic {
  /** Every request: when it was sent (ms, performance clock) and its status (0: no answer). */
  log: { at: number; status: number }[];
  fetch: typeof globalThis.fetch;
}

function traffic(): Traffic {
  const log: Traffic['log'] = [];
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const entry = { at: performance.now(), status: 0 };
    log.push(entry);
    const response = await fetch(input, init);
    entry.status = response.status;
    return response;
  }) as typeof globalThis.fetch;
  return { log, fetch: counting };
}

/** The sandbox in its own process at the account's rate. */
function startServer() {
  return startSandboxProcess([
    ...['--key', KEY, '--scale', String(SCALE)],
    ...['--rate', String(R), '--heavy-rate', String(R)],
    // Every order's answer built once before the runs: the runs measure the client, not
    // the sandbox building 500-order pages on its one thread for the first run only.
    '--warm',
  ]);
}

/** Lets the account's token bucket refill between runs, so each starts alike. */
const rest = () => new Promise((r) => setTimeout(r, 2500));

/**
 * The limiter the bridges use: as shipped, or with BENCH_BRIDGE_LIMITER=today the one before
 * the rework for issues 16 and 17 (peer-limiter.ts), to compare the figures on the same machine
 * under the same load.
 */
let makeLimiter: LimiterFactory = () => new AccountLimiter();

function bridge(url: string, t: Traffic): ApiClient {
  return createApiClient({
    baseUrl: url,
    apiKey: KEY,
    limiter: makeLimiter(),
    fetch: t.fetch,
  });
}

/** A bridge for the three-bridge phase, counting its own 429s. */
const openBridge = (url: string) => (): OpenBridge => {
  const t = traffic();
  return { api: bridge(url, t), throttled: () => t.log.filter((e) => e.status === 429).length };
};

/** How many orders the sandbox holds (the bench's pages are counted from it). */
async function orderCount(url: string): Promise<number> {
  const answer = await fetch(`${url}/api/orders/?page_size=1`, { headers: { 'X-API-Key': KEY } });
  return ((await answer.json()) as { count: number }).count;
}

interface Run {
  seconds: number;
  requests: number;
  throttled: number;
  /** 429s among requests sent after the first 429 came back. */
  afterFirst: { requests: number; throttled: number };
  failures: number;
  items: number;
}

function summarise(t: Traffic, started: number, failures: number, items: number): Run {
  const seconds = (performance.now() - started) / 1000;
  const first = t.log.find((e) => e.status === 429);
  const after = first ? t.log.filter((e) => e.at > first.at + 1) : [];
  return {
    seconds,
    requests: t.log.length,
    throttled: t.log.filter((e) => e.status === 429).length,
    afterFirst: {
      requests: after.length,
      throttled: after.filter((e) => e.status === 429).length,
    },
    failures,
    items,
  };
}

async function bridgeFetchAll(url: string, pageSize: number): Promise<Run> {
  const t = traffic();
  const api = bridge(url, t);
  const started = performance.now();
  const { items } = await fetchAll((page, size, signal) => listPage(api, page, size, signal), {
    pageSize,
    idOf: (o) => o.id,
    select: (o) => o.id,
  });
  return summarise(t, started, 0, items.length);
}

/**
 * The sandbox's own ceiling for the page-500 fetch-all: the same pages asked for raw, four at a
 * time (as the bridge's look-ahead), bodies read and dropped, no throttle, no checks.
 */
async function rawPages(url: string, pages: number, pageSize: number): Promise<number> {
  const started = performance.now();
  let next = 1;
  const lane = async () => {
    for (let page = next++; page <= pages; page = next++) {
      const r = await fetch(`${url}/api/orders/?page=${page}&page_size=${pageSize}`, {
        headers: { 'X-API-Key': KEY },
      });
      await r.arrayBuffer();
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return (performance.now() - started) / 1000;
}

/** A plain script: one page after the other, no throttle; a 429 is a lost page. */
async function naive(url: string, pages: number, pageSize: number): Promise<Run> {
  const t = traffic();
  const started = performance.now();
  let failures = 0;
  let items = 0;
  for (let page = 1; page <= pages; page++) {
    const r = await t.fetch(`${url}/api/orders/?page=${page}&page_size=${pageSize}`, {
      headers: { 'X-API-Key': KEY },
    });
    if (r.ok) items += ((await r.json()) as { results: unknown[] }).results.length;
    else {
      await r.arrayBuffer();
      failures += 1;
    }
  }
  return summarise(t, started, failures, items);
}

/** A script that sleeps 1 s on a 429 and asks again. */
async function fixedRetry(url: string, pages: number, pageSize: number): Promise<Run> {
  const t = traffic();
  const started = performance.now();
  let items = 0;
  for (let page = 1; page <= pages; page++) {
    for (;;) {
      const r = await t.fetch(`${url}/api/orders/?page=${page}&page_size=${pageSize}`, {
        headers: { 'X-API-Key': KEY },
      });
      if (r.status === 429) {
        await r.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      items += ((await r.json()) as { results: unknown[] }).results.length;
      break;
    }
  }
  return summarise(t, started, 0, items);
}

/**
 * `BENCH_BRIDGE_ONLY=three`: the three-bridge phase alone, `BENCH_BRIDGE_RUNS` times (default
 * 1), beside the naive client's failed pages (the failed calls' peer) in the same run.
 */
async function threeOnly(): Promise<BenchReport> {
  const loadAtStart = Number(loadavg()[0]?.toFixed(2));
  const times = Math.max(1, Math.floor(Number(process.env.BENCH_BRIDGE_RUNS ?? 1)));
  const sandbox = await startServer();
  const { url } = sandbox;
  const runs: ThreeRun[] = [];
  let plain: Run;
  try {
    const count = await orderCount(url);
    const smallPages = Math.ceil(count / 50);
    await rest();
    plain = await naive(url, smallPages, 50);
    for (let i = 0; i < times; i++) {
      await rest();
      const run = await threeBridges(openBridge(url), CONCURRENT_SECONDS, 50, smallPages);
      // Each run as it ends: five runs take four minutes.
      console.log(
        `three bridges, run ${i + 1}: Jain ${run.jain.toFixed(3)}, aggregate ${run.aggregate.toFixed(2)} req/s ` +
          `(${run.rates.map((r) => r.toFixed(2)).join(', ')}), 429s ${run.throttledEach.join(', ')}, failed ${run.failures}`,
      );
      runs.push(run);
    }
  } finally {
    sandbox.stop();
  }
  const file = new URL('./results/bridge.json', import.meta.url);
  const last = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  const report = withThreeRows(last, threeRows(runs, R, plain.failures), {
    runs: times,
    concurrentSeconds: CONCURRENT_SECONDS,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: Number(loadavg()[0]?.toFixed(2)),
  });
  return {
    ...report,
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
  };
}

const perThousand = (n: number, of: number) => (of === 0 ? 0 : (n / of) * 1000);
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export async function runBridgeBench(): Promise<BenchReport> {
  // The CPU per page alone (bridge-page-cpu.ts), its rows put into the last bridge.json.
  if (process.env.BENCH_BRIDGE_ONLY === 'page-cpu') return pageCpuOnly(startServer, KEY);
  // The three-bridge phase alone (bridge-three.ts), its rows put into the last bridge.json.
  if (process.env.BENCH_BRIDGE_ONLY === 'three') return threeOnly();
  const loadAtStart = Number(loadavg()[0]?.toFixed(2));
  const today = process.env.BENCH_BRIDGE_LIMITER === 'today' ? await loadPeerLimiter() : undefined;
  if (today) makeLimiter = today.make;
  const sandbox = await startServer();
  const { url } = sandbox;
  try {
    const count = await orderCount(url);
    const bigPages = Math.ceil(count / 500);
    const smallPages = Math.ceil(count / 50);
    await rest();
    const big = await bridgeFetchAll(url, 1000);
    await rest();
    const small = await bridgeFetchAll(url, 50);
    await rest();
    const plain = await naive(url, smallPages, 50);
    await rest();
    const fixed = await fixedRetry(url, smallPages, 50);
    await rest();
    const three = await threeBridges(openBridge(url), CONCURRENT_SECONDS, 50, smallPages);
    await rest();
    // The same page-500 fetch-all with one other process busy on one core (issue 16: the
    // client's own work per page must not set the pace on a busy machine), in three runs of
    // three (issue 34: one such run swung from 1.04x to 1.68x between runs).
    const busyFetches = await busyRounds(() => bridgeFetchAll(url, 1000), rest);
    const bigBusy: Run = busyFetches.median;
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    let rawBusy: number;
    try {
      rawBusy = await rawPages(url, bigPages, 500);
    } finally {
      busy.kill('SIGKILL');
    }
    await rest();
    const raw = await rawPages(url, bigPages, 500);
    const pageCpu = await measurePageCpu(url, KEY);

    const ideal = (requests: number) => requests / R;
    // Issue 34: elapsed time against its floor, the requests at the account's rate.
    const idealBase = (requests: number) => ({
      kind: 'floor' as const,
      name: `ideal: ${requests} requests ÷ ${R}/s`,
      value: ideal(requests),
    });
    /** A page-500 fetch-all by the bridge, and the sandbox's own ceiling for the same pages. */
    const bigRows = (label: string, run: Run, rawSeconds: number): BenchRow[] => [
      {
        name: `bridge fetch-all, page 500 (${bigPages} req)${label}: elapsed`,
        value: round(run.seconds, 2),
        unit: 's',
        base: idealBase(bigPages),
        limit: 1.1,
        note: `${run.items} ids, ${run.throttled} × 429`,
      },
      {
        name: `  peer: the sandbox alone${label}, same pages raw, 4 at a time: elapsed`,
        value: round(rawSeconds, 2),
        unit: 's',
        note: `${round(rawSeconds / ideal(bigPages), 3)}× the ideal: the server's own ceiling (no throttle, no checks)`,
      },
    ];
    const rows: BenchRow[] = [
      ...bigRows('', big, raw),
      ...bigRows(', one other core busy', bigBusy, rawBusy).map((row, i) =>
        i === 0
          ? { ...row, note: `${row.note}; ${spreadNote(busyFetches, ideal(bigPages))}` }
          : row,
      ),
      {
        name: `bridge fetch-all, page 50 (${smallPages} req): elapsed`,
        value: round(small.seconds, 2),
        unit: 's',
        base: idealBase(smallPages),
        limit: 1.1,
        note: `${small.items} ids`,
      },
      {
        name: 'bridge fetch-all, page 50: 429s per 1,000 requests, overall',
        value: round(perThousand(small.throttled, small.requests), 1),
        unit: '/1000',
        note: `${small.throttled} of ${small.requests} requests`,
      },
      {
        name: 'bridge fetch-all, page 50: 429s per 1,000, after first adaptation',
        value: round(perThousand(small.afterFirst.throttled, small.afterFirst.requests), 1),
        unit: '/1000',
        base: {
          kind: 'peer',
          name: 'fixed-retry client (sleep 1 s), same pages: 429s per 1,000',
          value: round(perThousand(fixed.throttled, fixed.requests), 1),
        },
        limit: 1,
        limitOn: 'value',
        note: `${small.afterFirst.throttled} of ${small.afterFirst.requests} requests`,
      },
      { name: 'naive client (no throttle): elapsed', value: round(plain.seconds, 1), unit: 's' },
      { name: 'naive client: 429s', value: plain.throttled, unit: 'req' },
      {
        name: 'naive client: failed pages (orders missing)',
        value: plain.failures,
        unit: 'pages',
        note: `${count - plain.items} of ${count} orders missing`,
      },
      {
        name: 'fixed-retry client (sleep 1 s): elapsed/ideal',
        value: round(fixed.seconds / ideal(smallPages), 3),
        unit: '×',
        note: `${round(fixed.seconds, 1)} s`,
      },
      { name: 'fixed-retry client: 429s', value: fixed.throttled, unit: 'req' },
      { name: 'fixed-retry client: failed pages', value: fixed.failures, unit: 'pages' },
      ...threeRows([three], R, plain.failures),
      ...pageCpuRows(pageCpu),
    ];
    return {
      name: 'bridge',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        rate: R,
        heavyRate: R,
        scale: SCALE,
        orders: count,
        concurrentSeconds: CONCURRENT_SECONDS,
        limiter: today
          ? `today's AccountLimiter (${PEER_LIMITER_COMMIT.slice(0, 10)}), defaults`
          : 'AccountLimiter defaults (concurrency 4, initial 10/s)',
        // Other work on this machine during the run (1-minute load average, 2 cores): the
        // figures above depend on it.
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: Number(loadavg()[0]?.toFixed(2)),
      },
      rows,
    };
  } finally {
    sandbox.stop();
    today?.cleanup();
  }
}
