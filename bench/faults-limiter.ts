/**
 * The limiter's part of `npm run bench -- faults` (issue 17), runnable alone as
 * `npm run bench -- faults-limiter`: throughput over the server's rate 30 s after a 60 s 429
 * storm, and under 10 % random 429s, for the limiter as shipped beside today's (loaded from
 * git, see peer-limiter.ts) in the same run.
 *
 * Each limiter gets its own sandbox, in this process (its faults are switched while it runs),
 * at 50 requests/s with one key, and a client (ApiClient over the limiter, as the bridge has)
 * kept busy by 16 lanes of small list pages at background priority: more demand than the
 * account takes, so throughput is what the limiter lets through. The two run side by side.
 * - storm: 30 s to learn the account, 60 s of every request answered 429 (Retry-After: 1),
 *   then the successes per second in the window 25-30 s after the storm ended;
 * - random: a fresh limiter, 20 s to learn the account, then 60 s with 10 % of requests
 *   answered 429 at random: successes per second over those 60 s, and the lowest learnt rate
 *   from 10 s in (the first refusals look like congestion until more of them come).
 */
import { type ApiClient, createApiClient } from '../electron/kernel/api/api-client';
import { AccountLimiter } from '../electron/kernel/api/limiter';
import { startSandbox } from '../sandbox/server/start';
import { type LimiterFactory, loadPeerLimiter } from './peer-limiter';
import type { BenchRow } from './table';

const RATE = 50;
const KEY = 'faults-limiter-key';
const LANES = 16;
const STORM_WARM_UP_MS = 30_000;
const STORM_MS = 60_000;
const RANDOM_WARM_UP_MS = 20_000;
const RANDOM_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A busy client on a fresh sandbox: 16 lanes of list pages, every success logged. */
async function busyClient(make: LimiterFactory) {
  const sandbox = await startSandbox({
    port: 0,
    keys: [KEY],
    scale: 1,
    rate: RATE,
    heavyRate: RATE,
  });
  const successes: number[] = [];
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status === 200) successes.push(performance.now());
    return response;
  }) as typeof globalThis.fetch;
  const limiter = make();
  const api = createApiClient({ baseUrl: sandbox.url, apiKey: KEY, limiter, fetch: counting });
  const stop = new AbortController();
  const lanes = Array.from({ length: LANES }, async (_, lane) => {
    for (let page = 1 + lane; !stop.signal.aborted; page = (page % 150) + 1) {
      await listPage(api, page, stop.signal).catch(() => {});
    }
  });
  return {
    sandbox,
    limiter,
    /** Successes per second in [from, to) (performance clock). */
    throughput: (from: number, to: number) =>
      successes.filter((t) => t >= from && t < to).length / ((to - from) / 1000),
    close: async () => {
      stop.abort();
      await Promise.all(lanes);
      await sandbox.close();
    },
  };
}

function listPage(api: ApiClient, page: number, signal: AbortSignal) {
  return api.json(
    'orders_list',
    { query: { page, page_size: 10 } },
    { priority: 'background', signal },
  );
}

async function storm(make: LimiterFactory) {
  const client = await busyClient(make);
  try {
    await sleep(STORM_WARM_UP_MS);
    client.sandbox.faults.set({ throttle: 1 });
    await sleep(STORM_MS);
    client.sandbox.faults.clear();
    const ended = performance.now();
    await sleep(30_000);
    let recovered: number | null = null;
    for (let s = 0; s < 30 && recovered === null; s++) {
      const from = ended + s * 1000;
      if (client.throughput(from, from + 1000) >= 0.9 * RATE) recovered = s + 1;
    }
    return { ratio: client.throughput(ended + 25_000, ended + 30_000) / RATE, recovered };
  } finally {
    await client.close();
  }
}

async function random(make: LimiterFactory) {
  const client = await busyClient(make);
  try {
    await sleep(RANDOM_WARM_UP_MS);
    client.sandbox.faults.set({ throttle: 0.1, seed: 7 });
    const from = performance.now();
    let lowest = Number.POSITIVE_INFINITY;
    while (performance.now() - from < RANDOM_MS) {
      await sleep(500);
      if (performance.now() - from >= 10_000) lowest = Math.min(lowest, client.limiter.rate);
    }
    return { ratio: client.throughput(from, performance.now()) / RATE, lowest };
  } finally {
    await client.close();
  }
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export async function limiterFaultRows(): Promise<BenchRow[]> {
  const peer = await loadPeerLimiter();
  try {
    const shipped: LimiterFactory = (o) => new AccountLimiter(o);
    const both = async (make: LimiterFactory) => ({
      storm: await storm(make),
      random: await random(make),
    });
    const [mine, today] = await Promise.all([both(shipped), both(peer.make)]);
    const after = (r: Awaited<ReturnType<typeof both>>) =>
      r.storm.recovered === null
        ? 'not back to 90 % within 30 s'
        : `90 % reached after ${r.storm.recovered} s`;
    // Issue 34: throughput against its floor, the server's rate (the peer, today's limiter,
    // is the row after each).
    const serverRate = { kind: 'floor' as const, name: "the server's rate", value: RATE };
    return [
      {
        name: 'limiter: throughput 30 s after a 60 s 429 storm',
        value: round(mine.storm.ratio * RATE),
        unit: 'req/s',
        base: serverRate,
        limit: 0.9,
        atLeast: true,
        note: after(mine),
      },
      {
        name: "today's limiter: throughput / server rate 30 s after a 60 s 429 storm",
        value: round(today.storm.ratio),
        unit: '×',
        note: after(today),
      },
      {
        name: 'limiter: throughput under 10 % random 429s',
        value: round(mine.random.ratio * RATE),
        unit: 'req/s',
        base: serverRate,
        limit: 0.5,
        atLeast: true,
        note: `lowest learnt rate ${round(mine.random.lowest, 1)}/s of ${RATE}/s`,
      },
      {
        name: "today's limiter: throughput / server rate under 10 % random 429s",
        value: round(today.random.ratio),
        unit: '×',
        note: `lowest learnt rate ${round(today.random.lowest, 1)}/s of ${RATE}/s`,
      },
    ];
  } finally {
    peer.cleanup();
  }
}
