/**
 * Starting the sandbox in-process: from the CLI, from the console's demo mode, and from tests
 * (port 0 picks a free port). Listens on loopback only.
 */
import { buildDataset } from '../data/dataset';
import type { Dataset, DatasetOptions } from '../data/types';
import { buildApp } from './app';
import { KeyRing } from './auth';
import { type FaultOptions, Faults } from './faults';
import { RateLimiter, type RateLimitOptions } from './rate-limit';

export interface SandboxOptions extends Partial<DatasetOptions> {
  port?: number;
  host?: string;
  /** API keys accepted (default: ["demo-key"]). */
  keys?: readonly string[];
  /** Account-wide requests per second; 0 turns the limit off (default 20). */
  rate?: number;
  heavyRate?: number;
  faults?: FaultOptions;
  /** Reuse an already built dataset (tests that start many sandboxes). */
  dataset?: Dataset;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787 — the API's paths start with /api/ under it. */
  readonly url: string;
  readonly port: number;
  readonly keys: KeyRing;
  readonly faults: Faults;
  readonly limiter: RateLimiter;
  readonly dataset: Dataset;
  /** Changes the rate limit at run time. */
  setRateLimit(options: RateLimitOptions): void;
  close(): Promise<void>;
}

export const DEFAULT_KEY = 'demo-key';
export const DEFAULT_RATE = 20;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const dataset = options.dataset ?? buildDataset(options);
  const keys = new KeyRing(options.keys ?? [DEFAULT_KEY]);
  const faults = new Faults(options.faults);
  const limiter = new RateLimiter({
    rate: options.rate ?? DEFAULT_RATE,
    heavyRate: options.heavyRate,
  });
  const app = buildApp({ dataset, keys, limiter, faults });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    keys,
    faults,
    limiter,
    dataset,
    setRateLimit: (rate) => limiter.configure(rate),
    close: async () => {
      await app.close();
    },
  };
}
