/** What every route handler can reach: the data, the keys, the limiter and the faults. */
import type { FastifyRequest } from 'fastify';
import type { Dataset } from '../data/types';
import type { OrderCsv } from '../routes/order-csv';
import type { OrderJson } from '../routes/order-json';
import type { KeyRing } from './auth';
import type { Faults } from './faults';
import type { RateLimiter } from './rate-limit';

export interface SandboxContext {
  readonly dataset: Dataset;
  readonly keys: KeyRing;
  readonly limiter: RateLimiter;
  readonly faults: Faults;
  /** Orders as JSON text, kept between requests (routes/order-json.ts). */
  readonly orderJson: OrderJson;
  /** Orders' export rows, kept between exports (routes/order-csv.ts). */
  readonly orderCsv: OrderCsv;
}

/** The absolute origin the client used (e.g. http://127.0.0.1:8787), for `next` and URLs. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The request's absolute URL, with its query string. */
export function absoluteUrl(request: FastifyRequest): URL {
  return new URL(request.url, originOf(request));
}

/** Parses an integer path id; anything else is a 404, as the real service's routes are. */
export function intParam(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** Route option: the endpoint spends the tighter export/PDF budget too. */
export const HEAVY = { config: { heavy: true } } as const;
