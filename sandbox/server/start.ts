/**
 * Starting the sandbox in-process: from the CLI, from the console's demo mode, and from tests
 * (port 0 picks a free port). Listens on loopback only.
 */
import type { Server } from 'node:http';
import { buildDataset } from '../data/dataset';
import type { Dataset, DatasetOptions } from '../data/types';
import { OrderCsv } from '../routes/order-csv';
import { OrderJson } from '../routes/order-json';
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
  /**
   * Build every order's answer once before resolving (benchmarks): a server that has served
   * its data before, so a benchmark measures its clients rather than the sandbox building
   * answers on its one thread (about 0.1 ms of CPU per order): its JSON and its export row.
   */
  warm?: boolean;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787 — the API's paths start with /api/ under it. */
  readonly url: string;
  readonly port: number;
  readonly keys: KeyRing;
  readonly faults: Faults;
  readonly limiter: RateLimiter;
  readonly dataset: Dataset;
  /** The HTTP server itself: tests watch requests arrive and answers leave on it. */
  readonly server: Server;
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
  const orderJson = new OrderJson(dataset.orders);
  const orderCsv = new OrderCsv(dataset.orders);
  const app = buildApp({ dataset, keys, limiter, faults, orderJson, orderCsv });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (options.warm) {
    const ids = dataset.orders.rows.map((row) => row.id);
    await orderJson.bodies(ids, url);
    for (const id of ids) orderCsv.row(id);
  }
  return {
    url,
    port,
    keys,
    faults,
    limiter,
    dataset,
    server: app.server,
    setRateLimit: (rate) => limiter.configure(rate),
    close: async () => {
      await app.close();
    },
  };
}
