/**
 * Where a scan's time goes in the stations bench (issue 29): the scan's time split into the
 * wait for the floor's budget (the lease pool), the wait in the station's own limiter
 * (spacing, Retry-After), each request's round trip less the sandbox's fixed latency (HTTP
 * queueing and the sandbox's own time), and the rest (the bridge's own work and its thread's
 * stalls). Beside them, measured through each phase:
 *
 * - the sandbox's event loop, by a probe that asks it for a path outside the API every 200 ms
 *   (no key, so no latency added and no rate charged): its round trip is the sandbox's queue
 *   plus the scanners' own loop;
 * - CPU: the cores the sandbox process and this process (scanners, bulk workers, budget
 *   clients) used, and the machine's 1-minute load average, so a slow scan can be told apart
 *   from a busy machine.
 *
 * Times are epoch milliseconds (comparable across threads), as in the bench's request log.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AccountLimiter } from '../electron/kernel/api/limiter';
import type { Sent } from './bulk-station-worker';
import { epochNow } from './bulk-station-worker';
import { percentile } from './table';

/** A wait one station sat through: in its budget, or in its limiter (budget included). */
export interface Waited {
  station: number;
  from: number;
  to: number;
}

export interface ScanTimes {
  budget: Waited[];
  limiter: Waited[];
}

/**
 * Times `limiter.acquire` of one station (and, for a budgeted limiter, its budget's `take`)
 * by wrapping the methods on the instance; the code paths are the console's.
 */
export function timeStation(
  times: ScanTimes,
  station: number,
  limiter: AccountLimiter,
  budget?: { take(priority: never, signal?: AbortSignal): Promise<void> },
): void {
  const acquire = limiter.acquire.bind(limiter);
  limiter.acquire = (priority, signal) => {
    const from = epochNow();
    return acquire(priority, signal).finally(() =>
      times.limiter.push({ station, from, to: epochNow() }),
    );
  };
  if (!budget) return;
  const take = budget.take.bind(budget);
  budget.take = (priority, signal) => {
    const from = epochNow();
    return take(priority, signal).finally(() =>
      times.budget.push({ station, from, to: epochNow() }),
    );
  };
}

export interface Probe {
  samples: { at: number; ms: number }[];
  stop(): void;
}

/** Asks the sandbox for a path outside the API every `everyMs`, one at a time. */
export function probeSandbox(url: string, everyMs = 200): Probe {
  const samples: { at: number; ms: number }[] = [];
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const at = epochNow();
      try {
        const response = await fetch(`${url}/bench-probe`);
        await response.arrayBuffer();
        samples.push({ at, ms: epochNow() - at });
      } catch {
        // The sandbox is stopping.
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  void loop();
  return {
    samples,
    stop: () => {
      stopped = true;
    },
  };
}

/** CPU seconds of a process so far (user + system), from /proc; null where unreadable. */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export interface CpuMark {
  at: number;
  sandbox: number | null;
  self: number;
  load1: number;
}

export function cpuMark(sandboxPid: number | undefined): CpuMark {
  const usage = process.cpuUsage();
  return {
    at: epochNow(),
    sandbox: sandboxPid ? processCpuSeconds(sandboxPid) : null,
    self: (usage.user + usage.system) / 1e6,
    load1: loadavg()[0] ?? 0,
  };
}

/** Cores used between two marks: the sandbox's and this process's. */
export function coresBetween(a: CpuMark, b: CpuMark): { sandbox: number | null; self: number } {
  const seconds = Math.max(0.001, (b.at - a.at) / 1000);
  return {
    sandbox: a.sandbox !== null && b.sandbox !== null ? (b.sandbox - a.sandbox) / seconds : null,
    self: (b.self - a.self) / seconds,
  };
}

export interface ScanParts {
  budget: number;
  limiter: number;
  /** The requests' round trips less the sandbox's fixed latency each. */
  wireOverLatency: number;
  rest: number;
}

const within = (w: { from: number; to: number }, from: number, to: number) =>
  w.from >= from - 1 && w.to <= to + 1;

/** One scan's time, split (ms). */
export function scanParts(
  scan: { station: number; at: number; ms: number },
  times: ScanTimes,
  log: readonly Sent[],
  latencyMs: number,
): ScanParts {
  const end = scan.at + scan.ms;
  const sum = (ws: readonly Waited[]) =>
    ws
      .filter((w) => w.station === scan.station && within(w, scan.at, end))
      .reduce((s, w) => s + (w.to - w.from), 0);
  const budget = sum(times.budget);
  const limiter = Math.max(0, sum(times.limiter) - budget);
  const requests = log.filter(
    (e) =>
      e.station === scan.station && e.end > 0 && within({ from: e.at, to: e.end }, scan.at, end),
  );
  const wire = requests.reduce((s, e) => s + (e.end - e.at), 0);
  const wireOverLatency = Math.max(0, wire - latencyMs * requests.length);
  return {
    budget,
    limiter,
    wireOverLatency,
    rest: Math.max(0, scan.ms - budget - limiter - wire),
  };
}

/** p95 of each part over the scans, and the parts of the slowest 5 % (mean), in words. */
export function partsSummary(parts: readonly ScanParts[], totals: readonly number[]): string {
  if (parts.length === 0) return 'no scans';
  const keys: (keyof ScanParts)[] = ['budget', 'limiter', 'wireOverLatency', 'rest'];
  const p95 = keys.map(
    (k) =>
      `${k} ${Math.round(
        percentile(
          parts.map((p) => p[k]),
          95,
        ),
      )}`,
  );
  const cut = percentile([...totals], 95);
  const slow = parts.filter((_, i) => (totals[i] as number) >= cut);
  const mean = keys.map(
    (k) => `${k} ${Math.round(slow.reduce((s, p) => s + p[k], 0) / Math.max(1, slow.length))}`,
  );
  return `p95 of each part (ms): ${p95.join(', ')}; the slowest ${slow.length} scan(s), mean: ${mean.join(', ')}`;
}

/** The probe's round trips within a window: p95 and max (ms). */
export function probeStats(
  probe: Probe,
  from: number,
  to: number,
): { p95: number; max: number; n: number } {
  const ms = probe.samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms);
  return { p95: percentile(ms, 95), max: ms.length ? Math.max(...ms) : 0, n: ms.length };
}
