/**
 * Fault injection for tests: what a real service and the network do on a bad day. Off by
 * default. Decisions come from a seeded PRNG so a failing test can be replayed.
 */
import { Rng } from '../data/seeded';

export interface FaultOptions {
  /** Share of requests answered 500, 502 or 503 before they are processed. */
  error5xx?: number;
  /** Added latency in ms per request (plus up to `latencyJitterMs` more at random). */
  latencyMs?: number;
  /**
   * The random part's upper bound in ms (default: `latencyMs`, so latency=50 means 50-100 ms).
   * 0 gives a fixed latency, for benchmarks that need a known round trip.
   */
  latencyJitterMs?: number;
  /** Share of requests whose connection is dropped: half before processing, half after. */
  drop?: number;
  /** Share of JSON responses sent with a truncated, malformed body. */
  malformed?: number;
  /** Share of requests answered 429 regardless of the budget. */
  throttle?: number;
  /**
   * Share of requests whose answer is held back `lateMs` after they were processed (an order
   * is stored, then its answer comes late: past a client's timeout, the create happened).
   */
  late?: number;
  /** How long a late answer is held back, in ms (default 1000). */
  lateMs?: number;
  /** Seed of the fault PRNG. */
  seed?: number;
}

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'error'; status: 500 | 502 | 503 }
  | { kind: 'drop-before' }
  | { kind: 'drop-after' }
  | { kind: 'malformed' }
  | { kind: 'throttle' }
  | { kind: 'late'; ms: number };

export class Faults {
  private options: FaultOptions = {};
  private rng = new Rng(1);

  constructor(options: FaultOptions = {}) {
    this.set(options);
  }

  set(options: FaultOptions): void {
    for (const [name, value] of Object.entries(options)) {
      if (
        name !== 'seed' &&
        name !== 'latencyMs' &&
        name !== 'latencyJitterMs' &&
        name !== 'lateMs' &&
        (typeof value !== 'number' || value < 0 || value > 1)
      ) {
        throw new Error(`Fault "${name}" must be a share between 0 and 1, got ${String(value)}.`);
      }
    }
    this.options = { ...options };
    this.rng = new Rng(options.seed ?? 1);
  }

  clear(): void {
    this.set({});
  }

  current(): FaultOptions {
    return { ...this.options };
  }

  latency(): number {
    const base = this.options.latencyMs ?? 0;
    const jitter = this.options.latencyJitterMs ?? base;
    // No draw when there is no jitter: a fixed latency leaves the fault sequence unchanged.
    return base > 0 ? base + (jitter > 0 ? this.rng.next() * jitter : 0) : 0;
  }

  /** One decision per request; at most one fault each. */
  decide(): FaultDecision {
    const o = this.options;
    const r = this.rng.next();
    let edge = o.error5xx ?? 0;
    if (r < edge) return { kind: 'error', status: this.rng.pick([500, 502, 503] as const) };
    edge += o.drop ?? 0;
    if (r < edge) return { kind: this.rng.chance(0.5) ? 'drop-before' : 'drop-after' };
    edge += o.malformed ?? 0;
    if (r < edge) return { kind: 'malformed' };
    edge += o.throttle ?? 0;
    if (r < edge) return { kind: 'throttle' };
    edge += o.late ?? 0;
    if (r < edge) return { kind: 'late', ms: o.lateMs ?? 1000 };
    return { kind: 'none' };
  }
}

/**
 * Parses `--faults 5xx=0.1,latency=50,drop=0.05,malformed=0.05,429=0.1,seed=7`; add
 * `latencyJitter=0` for a fixed latency, `late=0.1,lateMs=3000` for answers held back after
 * processing.
 */
export function parseFaults(spec: string): FaultOptions {
  const names: Record<string, keyof FaultOptions> = {
    '5xx': 'error5xx',
    latency: 'latencyMs',
    latencyJitter: 'latencyJitterMs',
    drop: 'drop',
    malformed: 'malformed',
    '429': 'throttle',
    late: 'late',
    lateMs: 'lateMs',
    seed: 'seed',
  };
  const options: FaultOptions = {};
  for (const part of spec.split(',').filter(Boolean)) {
    const [name = '', raw = ''] = part.split('=');
    const key = names[name.trim()];
    const value = Number(raw);
    if (!key || raw.trim() === '' || !Number.isFinite(value)) {
      throw new Error(
        `Unknown fault "${part}". Use 5xx=SHARE, latency=MS, latencyJitter=MS, drop=SHARE, malformed=SHARE, 429=SHARE, late=SHARE, lateMs=MS, seed=N.`,
      );
    }
    options[key] = value;
  }
  return options;
}
