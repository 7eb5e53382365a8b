/**
 * `npm run bench -- stations`: a floor of stations on one account (issue 16). Real bridges
 * (createBridge, each with its own limiter, key and settings) in this process, against one
 * sandbox account in its own process at the sandbox's rate (10/s) with 100 ms added to every
 * request. The scanning stations share the main thread; each bulk station has a worker thread
 * of its own (bulk-station-worker.ts), as each has its own machine on a real floor: parsing
 * 500-order pages on the scanners' thread stalled their scans for seconds whatever the
 * limiter did (a run with no 429 at all had a scan p95 of 6 s). The sandbox's own time under
 * load still counts (it serves every station from one event loop, and an export's start
 * holds it for a second or more); "time in the limiter" separates what the limiter adds. 19 stations scan at a person's pace: every 10 s (±10 %) the scan flow's two calls,
 * `ordersList` searching the code, then `ordersGet` of the match (what the order view needs
 * to show it). Then one station, and then three (1.5 s apart), run bulk work: `ordersFetchAllIds`
 * of all 20,000 orders beside an `ordersExport` CSV, again and again until the phase has lasted
 * 30 s (about 60 overlapping scans, so a phase's p95 is not its slowest scan). The same floor runs twice, fresh bridges
 * each time: with every station's limiter behind the account's budget shared through
 * PostgreSQL (issue 29: the targets), with today's limiter alone at each station (the peer),
 * and with the limiter of PEER_LIMITER_COMMIT (the one before the rework, loaded from git),
 * all three in every run, side by side.
 *
 * The arithmetic of the targets (R the account's rate, 10/s): the scans ask 19 × 2 calls per
 * 10 s = 3.8/s; the floor's bucket runs at 0.96 R = 9.6/s, so bulk work can have 9.6 - 3.8 =
 * 5.8/s, against a target of 0.9 × (R - 3.8) = 5.58/s. A scan is its two round trips (2 ×
 * 100 ms + the sandbox's time: the quiet floor) and nothing else: it goes on the station's
 * credit and is paid after (no round trip to PostgreSQL before it), from a reserve of 0.4 s of
 * the rate that bulk work cannot take, so the account's own bucket still has tokens when it
 * comes (no 429, no Retry-After wait). Bulk work pays one statement per lease of 3-6 requests.
 *
 * For each bulk phase: the scans that overlap it (p95, max, failed), 429s per 1,000 requests
 * (every station's), aggregate throughput / rate while it runs, and the bulk work's time over
 * its ideal at the capacity the scans leave (bulk requests / (rate - the scans' own rate in
 * the same window)). Requests are counted at each bridge's fetch.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { AccountLimiter } from '../electron/kernel/api/limiter';
import { type BenchBridge, openBenchBridge } from './bench-bridge';
import {
  type BudgetStatements,
  budgetStatements,
  countingFetch,
  epochNow,
  type FromWorker,
  type Sent,
  type ToWorker,
} from './bulk-station-worker';
import { createBenchDatabase, dropBenchDatabase, openBenchBudget } from './floor-budget-bench';
import { loadPeerLimiter, PEER_LIMITER_COMMIT } from './peer-limiter';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process';
import {
  type CpuMark,
  coresBetween,
  cpuMark,
  partsSummary,
  probeSandbox,
  probeStats,
  type ScanTimes,
  scanParts,
  timeStation,
} from './stations-timing';
import { type BenchReport, type BenchRow, namePeers, percentile } from './table';
import { tsWorker } from './ts-worker';

const RATE = Number(process.env.BENCH_RATE ?? 10);
const LATENCY_MS = 100;
const SCAN_STATIONS = 19;
const SCAN_EVERY_MS = 10_000;
const BULK_STATIONS = 3;
const WARM_UP_MS = 20_000;
const TAIL_MS = 8_000;
/** A bulk phase's least length: about 60 overlapping scans at 19 stations' pace. */
const PHASE_MIN_MS = 30_000;
const WITH_EXPORT = process.env.BENCH_STATIONS_EXPORT !== '0';
const KEYS = Array.from({ length: SCAN_STATIONS + BULK_STATIONS }, (_, i) => `station-key-${i}`);

interface Scan {
  station: number;
  at: number;
  ms: number;
  ok: boolean;
}

interface Phase {
  name: string;
  from: number;
  to: number;
  bulkStations: number[];
  /** The scanning stations' event loop while it ran (ms): stalls there are not the limiter. */
  loopDelayP99: number;
  /** CPU and load at its start and end (stations-timing.ts). */
  cpu: [CpuMark, CpuMark];
}

/** Where a long run is, on stderr (a run at a load of 30 takes many minutes). */
const progress = (line: string) =>
  console.error(`[stations ${new Date().toISOString().slice(11, 19)}] ${line}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function orderNames(url: string): Promise<string[]> {
  const names: string[] = [];
  for (const page of [3, 17, 29]) {
    const response = await fetch(`${url}/api/orders/?page=${page}&page_size=200`, {
      headers: { 'X-API-Key': KEYS[0] as string },
    });
    const body = (await response.json()) as { results: { order_name: string | null }[] };
    for (const order of body.results) if (order.order_name) names.push(order.order_name);
  }
  return names;
}

/** A bulk station in its worker thread, driven by messages. */
class BulkStation {
  private readonly worker: Worker;
  private readonly replies: ((message: FromWorker) => void)[] = [];

  constructor(url: string, station: number) {
    this.worker = tsWorker(new URL('./bulk-station-worker.ts', import.meta.url), {
      url,
      key: KEYS[station],
      station,
      withExport: WITH_EXPORT,
    });
    this.worker.on('message', (message: FromWorker) => this.replies.shift()?.(message));
  }

  ask<T extends FromWorker['type']>(message: ToWorker): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve) => {
      this.replies.push((reply) => resolve(reply as Extract<FromWorker, { type: T }>));
      this.worker.postMessage(message);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The scan flow's calls for one code: the search, then the order it names. */
async function scan(bridge: BenchBridge, station: number, code: string): Promise<Scan> {
  const at = epochNow();
  try {
    const page = await bridge.call('ordersList', { filters: { q: code }, pageSize: 200 });
    const match = page.results.find((o) => o.order_name === code) ?? page.results[0];
    if (!match) throw new Error(`No order matches ${code}.`);
    await bridge.call('ordersGet', { id: match.id });
    return { station, at, ms: epochNow() - at, ok: true };
  } catch {
    return { station, at, ms: epochNow() - at, ok: false };
  }
}

/** Which limiters a floor runs on. */
type FloorKind =
  /** Each station's limiter behind the account's budget shared through PostgreSQL (issue 29). */
  | { kind: 'shared'; database: string; account: string }
  /** Each station's own adaptive limiter, as shipped, nothing shared. */
  | { kind: 'limiter' }
  /** The limiter at PEER_LIMITER_COMMIT, by module path. */
  | { kind: 'peer'; make(): AccountLimiter; modulePath: string };

/** One floor with one kind of limiter: scans throughout, then the two bulk phases. */
async function runFloor(
  sandbox: SandboxProcess,
  bulk: BulkStation[],
  names: string[],
  floorKind: FloorKind,
) {
  const log: Sent[] = [];
  const budgets =
    floorKind.kind === 'shared'
      ? await Promise.all(
          KEYS.slice(0, SCAN_STATIONS).map((_, i) =>
            openBenchBudget(floorKind.database, floorKind.account, `Station ${i + 1}`),
          ),
        )
      : [];
  // Each scan's time split into its parts (stations-timing.ts): the limiters timed in place.
  const times: ScanTimes = { budget: [], limiter: [] };
  const scanners = await Promise.all(
    KEYS.slice(0, SCAN_STATIONS).map((key, station) => {
      const limiter =
        floorKind.kind === 'peer'
          ? floorKind.make()
          : (budgets[station]?.limiter ?? new AccountLimiter());
      timeStation(times, station, limiter, budgets[station]?.leases);
      return openBenchBridge(
        { url: sandbox.url, key },
        {},
        { limiter, fetch: countingFetch(station, log) },
      );
    }),
  );
  const probe = probeSandbox(sandbox.url);
  await Promise.all(
    bulk.map((b) =>
      b.ask<'opened'>({
        type: 'open',
        ...(floorKind.kind === 'peer' ? { peerLimiter: floorKind.modulePath } : {}),
        ...(floorKind.kind === 'shared'
          ? { shared: { database: floorKind.database, account: floorKind.account } }
          : {}),
      }),
    ),
  );
  const scans: Scan[] = [];
  let scanning = true;
  let pick = 0;
  const scanning$ = scanners.map(async (bridge, station) => {
    await sleep(Math.random() * SCAN_EVERY_MS);
    const pending: Promise<void>[] = [];
    while (scanning) {
      const code = names[pick++ % names.length] as string;
      pending.push(scan(bridge, station, code).then((s) => void scans.push(s)));
      await sleep(SCAN_EVERY_MS * (0.9 + 0.2 * Math.random()));
    }
    await Promise.all(pending);
  });
  const t0 = epochNow();
  progress(`${floorKind.kind}: ${SCAN_STATIONS} stations scanning`);
  await sleep(5000);
  const quietFrom = cpuMark(sandbox.child.pid);
  await sleep(WARM_UP_MS - 5000);
  const quietCpu: [CpuMark, CpuMark] = [quietFrom, cpuMark(sandbox.child.pid)];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const phases: Phase[] = [];
  for (const count of [1, BULK_STATIONS]) {
    const stations = bulk.slice(0, count);
    loop.reset();
    const cpuFrom = cpuMark(sandbox.child.pid);
    progress(`${floorKind.kind}: ${count} bulk station(s)`);
    const phaseStart = epochNow();
    const runs = await Promise.all(
      stations.map(async (station, i) => {
        await sleep(i * 1500);
        // The bulk work again until the phase has lasted PHASE_MIN_MS: one pass of it is about
        // 7 s, in which the scanning stations make some 13 scans, so the p95 of a phase was its
        // slowest scan, and the row swung either side of its limit from run to run.
        const first = await station.ask<'bulkDone'>({ type: 'bulk' });
        let last = first;
        while (!last.error && epochNow() - phaseStart < PHASE_MIN_MS) {
          last = await station.ask<'bulkDone'>({ type: 'bulk' });
        }
        return { ...last, from: first.from };
      }),
    );
    for (const run of runs) if (run.error) throw new Error(`Bulk work failed: ${run.error}`);
    phases.push({
      name: count === 1 ? 'one bulk station' : `${count} bulk stations`,
      from: Math.min(...runs.map((r) => r.from)),
      to: Math.max(...runs.map((r) => r.to)),
      bulkStations: stations.map((_, i) => SCAN_STATIONS + i),
      loopDelayP99: loop.percentile(99) / 1e6,
      cpu: [cpuFrom, cpuMark(sandbox.child.pid)],
    });
    await sleep(TAIL_MS);
  }
  loop.disable();
  scanning = false;
  progress(`${floorKind.kind}: last scans`);
  await Promise.all(scanning$);
  probe.stop();
  progress(`${floorKind.kind}: closing`);
  await Promise.all(scanners.map((b) => b.close()));
  await Promise.all(budgets.map((b) => b.end()));
  // The shared budget's statements to PostgreSQL, scanning and bulk stations apart.
  const scanStatements = sumStatements(budgets.map(budgetStatements));
  const bulkStatements: BudgetStatements[] = [];
  for (const b of bulk) {
    const closed = await b.ask<'closed'>({ type: 'close' });
    log.push(...closed.log);
    if (closed.statements) bulkStatements.push(closed.statements);
  }
  const baseline = scans.filter((s) => s.at > t0 + 5000 && s.at + s.ms < (phases[0]?.from ?? 0));
  return {
    log,
    scans,
    phases,
    baseline,
    times,
    probe,
    quietCpu,
    statements: { scans: scanStatements, bulk: sumStatements(bulkStatements) },
  };
}

function sumStatements(all: BudgetStatements[]): BudgetStatements {
  return all.reduce(
    (a, s) => ({ statements: a.statements + s.statements, requests: a.requests + s.requests }),
    {
      statements: 0,
      requests: 0,
    },
  );
}

function phaseStats(floor: Awaited<ReturnType<typeof runFloor>>, phase: Phase) {
  const seconds = (phase.to - phase.from) / 1000;
  const overlapping = floor.scans.filter((s) => s.at <= phase.to && s.at + s.ms >= phase.from);
  const sent = floor.log.filter((e) => e.at >= phase.from && e.at <= phase.to);
  const throttled = sent.filter((e) => e.status === 429);
  const admitted = sent.filter((e) => e.status >= 200 && e.status < 300);
  const isBulk = (e: Sent) => phase.bulkStations.includes(e.station);
  const scanRate = admitted.filter((e) => !isBulk(e)).length / seconds;
  const bulkRequests = admitted.filter(isBulk).length;
  const ideal = bulkRequests / (RATE - scanRate);
  const stationsHit = new Set(throttled.filter((e) => !isBulk(e)).map((e) => e.station));
  // A scan's time outside its requests' round trips: waiting in its station's limiter
  // (spacing, pauses, Retry-After), plus the bridge's own work.
  const inLimiter = overlapping.map((s) => {
    const wire = floor.log
      .filter((e) => e.station === s.station && e.at >= s.at && e.end > 0 && e.end <= s.at + s.ms)
      .reduce((sum, e) => sum + (e.end - e.at), 0);
    return s.ms - wire;
  });
  return {
    scans: overlapping.length,
    p95: percentile(
      overlapping.map((s) => s.ms),
      95,
    ),
    max: Math.max(...overlapping.map((s) => s.ms)),
    failed: overlapping.filter((s) => !s.ok).length,
    per1000: sent.length === 0 ? 0 : (throttled.length / sent.length) * 1000,
    throttled: throttled.length,
    requests: sent.length,
    aggregate: admitted.length / seconds / RATE,
    seconds,
    ideal,
    bulkRequests,
    scanRate,
    stationsHit: stationsHit.size,
    inLimiterP95: percentile(inLimiter, 95),
    inLimiterMax: Math.max(...inLimiter),
    ...whereTimeWent(floor, overlapping, phase.from, phase.to, phase.cpu),
  };
}

/** Where scans' time went in a window, and what the sandbox and the machine did meanwhile. */
function whereTimeWent(
  floor: Awaited<ReturnType<typeof runFloor>>,
  scans: readonly Scan[],
  from: number,
  to: number,
  cpu: [CpuMark, CpuMark],
) {
  const parts = scans.map((s) => scanParts(s, floor.times, floor.log, LATENCY_MS));
  const cores = coresBetween(cpu[0], cpu[1]);
  return {
    budgetP95: percentile(
      parts.map((p) => p.budget),
      95,
    ),
    wireP95: percentile(
      parts.map((p) => p.wireOverLatency),
      95,
    ),
    parts: partsSummary(
      parts,
      scans.map((s) => s.ms),
    ),
    probe: probeStats(floor.probe, from, to),
    sandboxCores: cores.sandbox,
    selfCores: cores.self,
    load: [cpu[0].load1, cpu[1].load1] as [number, number],
  };
}

/** The rows of where the time went, for one window (`at` names it). */
function timeRows(at: string, t: ReturnType<typeof whereTimeWent>): BenchRow[] {
  return [
    {
      name: `${at}: scans, time waiting for the floor's budget, p95`,
      value: round(t.budgetP95, 0),
      unit: 'ms',
      note: t.parts,
    },
    {
      name: `${at}: scans, round trip beyond the added ${LATENCY_MS} ms, p95`,
      value: round(t.wireP95, 0),
      unit: 'ms',
      note: "per scan, both requests: HTTP queueing and the sandbox's own time",
    },
    {
      name: `${at}: sandbox's event loop (probe round trip), p95`,
      value: round(t.probe.p95, 0),
      unit: 'ms',
      note: `max ${round(t.probe.max, 0)} ms over ${t.probe.n} probes, a path outside the API every 200 ms`,
    },
    {
      name: `${at}: CPU used, sandbox and bench process`,
      value: round(t.sandboxCores ?? Number.NaN, 2),
      unit: 'cores',
      note: `the sandbox's process; the bench's own process (scanners, bulk workers, budget clients) ${round(t.selfCores, 2)} cores; 1-minute load ${round(t.load[0], 1)} → ${round(t.load[1], 1)} on ${cpus().length} cores`,
    },
  ];
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

function rows(
  label: string,
  floor: Awaited<ReturnType<typeof runFloor>>,
  peer: boolean,
): BenchRow[] {
  // The shared budget's rows carry the targets (issue 29); the limiters without it are its
  // peers, measured on the same floor in the same run.
  const limit = (value: number) => (peer ? {} : { limit: value });
  const quiet = round(
    percentile(
      floor.baseline.map((s) => s.ms),
      95,
    ),
    0,
  );
  // The scans' floor, measured in this run: the same floor's scans while no bulk work runs
  // (two round trips at +100 ms each and the sandbox's own time; nominally 200 ms).
  const scanFloor = {
    kind: 'floor' as const,
    name: `${label}: scans with no bulk work, p95`,
    value: quiet,
  };
  const out: BenchRow[] = [
    {
      name: `${label}: scans with no bulk work, p95`,
      value: quiet,
      unit: 'ms',
      note: `${floor.baseline.length} scans; nominally 2 × ${LATENCY_MS} ms`,
    },
    ...timeRows(
      `${label}, no bulk work`,
      whereTimeWent(
        floor,
        floor.baseline,
        floor.quietCpu[0].at,
        floor.quietCpu[1].at,
        floor.quietCpu,
      ),
    ),
  ];
  if (!peer) {
    // What the shared budget costs the database: one statement per lease or payment.
    for (const [who, counted] of [
      ['scanning stations', floor.statements.scans],
      ['bulk stations', floor.statements.bulk],
    ] as const) {
      if (counted.requests === 0) continue;
      out.push({
        name: `${label}: database statements per request, ${who}`,
        value: round(counted.statements / counted.requests, 2),
        unit: 'stmt/req',
        note: `${counted.statements} statements for ${counted.requests} requests, the whole floor run`,
      });
    }
  }
  for (const phase of floor.phases) {
    const s = phaseStats(floor, phase);
    const at = `${label}, ${phase.name}`;
    out.push(
      {
        name: `${at}: overlapping scans, p95`,
        value: round(s.p95, 0),
        unit: 'ms',
        // Issue 29: ≤ 250 ms against a floor of 200 ms, so ≤ 1.25 × the floor.
        ...(peer ? {} : { base: scanFloor, limit: 1.25 }),
        note: `${s.scans} scans`,
      },
      {
        name: `${at}: overlapping scans, max`,
        value: round(s.max, 0),
        unit: 'ms',
        // Issue 29: ≤ 500 ms against the same floor of 200 ms: ≤ 2.5 ×.
        ...(peer ? {} : { base: scanFloor, limit: 2.5 }),
      },
      { name: `${at}: overlapping scans failed`, value: s.failed, unit: 'scans', ...limit(0) },
      {
        name: `${at}: overlapping scans, time in the limiter, p95`,
        value: round(s.inLimiterP95, 0),
        unit: 'ms',
        note: `max ${round(s.inLimiterMax, 0)} ms; the rest is the round trips (the sandbox's own time under load)`,
      },
      ...timeRows(at, s),
      {
        name: `${at}: 429s per 1,000 requests`,
        value: round(s.per1000, 1),
        unit: '/1000',
        ...limit(1),
        note: `${s.throttled} of ${s.requests}; scan stations that met one: ${s.stationsHit} of ${SCAN_STATIONS}`,
      },
      {
        name: `${at}: aggregate throughput`,
        value: round(s.aggregate * RATE, 2),
        unit: 'req/s',
        // Issue 34: against its floor, the account's rate (today's limiter is the row after).
        ...(peer
          ? {}
          : { base: { kind: 'floor', name: "the account's rate", value: RATE }, limit: 0.9 }),
        ...(peer ? {} : { atLeast: true }),
      },
      {
        name: `${at}: scanning stations' event loop delay, p99`,
        value: round(phase.loopDelayP99, 0),
        unit: 'ms',
        note: 'the scanners’ own thread; a stall there is not the limiter',
      },
      {
        name: `${at}: bulk work's rate`,
        value: round(s.bulkRequests / s.seconds, 2),
        unit: 'req/s',
        // Issue 29: bulk work gets ≥ 0.9 of the rate the scans leave.
        ...(peer
          ? {}
          : {
              base: {
                kind: 'floor',
                name: `the account's ${RATE}/s less the scans' ${round(s.scanRate, 2)}/s`,
                value: round(RATE - s.scanRate, 2),
              },
              limit: 0.9,
              atLeast: true,
            }),
      },
      {
        name: `${at}: bulk work elapsed`,
        value: round(s.seconds, 2),
        unit: 's',
        ...(peer
          ? {}
          : {
              base: {
                kind: 'floor',
                name: `ideal: ${s.bulkRequests} requests at the ${round(RATE - s.scanRate, 2)}/s the scans leave`,
                value: round(s.ideal, 2),
              },
            }),
      },
    );
  }
  return out;
}

export async function runStationsBench(): Promise<BenchReport> {
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const sandbox = await startSandboxProcess([
    ...KEYS.flatMap((key) => ['--key', key]),
    ...['--scale', '10', '--rate', String(RATE)],
    ...['--faults', `latency=${LATENCY_MS},latencyJitter=0`],
    // Every order's answer built once before the floor opens (a server that has served its
    // data before): cold, the one bulk station's pages took the sandbox's one thread 60-120 ms
    // each and set the bulk work's pace, whatever the limiter did.
    '--warm',
  ]);
  // The older limiter, loaded from git, runs as the third floor of every run.
  const peer = await loadPeerLimiter();
  const bulk = Array.from(
    { length: BULK_STATIONS },
    (_, i) => new BulkStation(sandbox.url, SCAN_STATIONS + i),
  );
  const database = await createBenchDatabase('bench_stations', [
    '0004-budget.sql',
    '0009-budget-shape.sql',
  ]);
  try {
    const names = await orderNames(sandbox.url);
    await sleep(2500);
    const shared = await runFloor(sandbox, bulk, names, {
      kind: 'shared',
      database,
      account: 'bench-account',
    });
    await sleep(2500);
    const shipped = await runFloor(sandbox, bulk, names, { kind: 'limiter' });
    // The limiter of PEER_LIMITER_COMMIT as the third floor.
    await sleep(2500);
    const older = await runFloor(sandbox, bulk, names, {
      kind: 'peer',
      make: () => peer.make(),
      modulePath: peer.modulePath,
    });
    const mine = rows('shared budget', shared, false);
    const theirs = rows("today's limiter", shipped, true);
    const oldest = rows('limiter at 7bea10f', older, true);
    // Side by side: each measurement, then today's limiter's and the older one's (matched by
    // what they measure: the shared budget has rows of its own, its database statements).
    const same = (rows: BenchRow[], label: string, row: BenchRow) =>
      rows.find((r) => r.name === row.name.replace('shared budget', label));
    const table = mine.flatMap((row) =>
      [row, same(theirs, "today's limiter", row), same(oldest, 'limiter at 7bea10f', row)].filter(
        (r): r is BenchRow => r !== undefined,
      ),
    );
    return {
      name: 'stations',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, platform: process.platform },
      settings: {
        rate: RATE,
        latencyMs: LATENCY_MS,
        scanStations: SCAN_STATIONS,
        scanEveryMs: SCAN_EVERY_MS,
        bulkStations: [1, BULK_STATIONS],
        bulk: `ordersFetchAllIds (20,000 orders, 40 pages)${WITH_EXPORT ? ' beside ordersExport (CSV)' : ''}, one worker thread per bulk station`,
        shared:
          "each station behind the floor budget (PostgreSQL, private cluster): a person's calls on the station's credit of 2, paid after in one statement; bulk work in leases of 3-6, one statement each",
        peer: "today's limiter: each station's own AccountLimiter, nothing shared",
        olderPeer: `AccountLimiter at ${PEER_LIMITER_COMMIT.slice(0, 10)} (loaded from git)`,
        wallSeconds: round((performance.now() - started) / 1000, 0),
        load1: `${round(loadBefore, 1)} before, ${round(loadavg()[0] ?? 0, 1)} after, on ${cpus().length} cores`,
      },
      // Every other target beside today's limiter, the same floor in the same run.
      rows: namePeers(table, 'shared budget', "today's limiter"),
    };
  } finally {
    await dropBenchDatabase(database).catch(() => {});
    await Promise.all(bulk.map((b) => b.stop()));
    peer.cleanup();
    sandbox.stop();
  }
}
