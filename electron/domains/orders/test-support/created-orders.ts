/**
 * What the once-only create tests share: where a created order shows up (the sandbox's own
 * dataset, read directly, so a test sees what the server stored and not what an answer said),
 * and an API client that gives up and retries fast, so "held past the timeout" and "retried"
 * happen at once in a test; its timeout guards, it is not measured.
 */
import type { Dataset } from '../../../../sandbox/data/types';
import type { ApiClientOptions } from '../../../kernel/api/api-client';
import { AccountLimiter } from '../../../kernel/api/limiter';
import { REFERENCE_ATTRIBUTE } from '../order-create';

/** The ids of the orders in the sandbox's dataset carrying the create reference `reference`. */
export function storedOrderIds(dataset: Dataset, reference: string): number[] {
  const ids: number[] = [];
  for (const row of dataset.orders.rows) {
    const attributes = dataset.orders.get(row.id)?.note_attributes;
    if (
      Array.isArray(attributes) &&
      attributes.some(
        (a) =>
          (a as { name?: unknown }).name === REFERENCE_ATTRIBUTE &&
          (a as { value?: unknown }).value === reference,
      )
    ) {
      ids.push(row.id);
    }
  }
  return ids;
}

/** A client's limits for the create tests: no pacing, a 300 ms timeout, two quick retries. */
export function fastCreateClient(): Pick<
  ApiClientOptions,
  'limiter' | 'timeoutMs' | 'retries' | 'minRetryDelayMs' | 'maxRetryDelayMs'
> {
  return {
    limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000 }),
    timeoutMs: 300,
    retries: 2,
    minRetryDelayMs: 1,
    maxRetryDelayMs: 5,
  };
}
