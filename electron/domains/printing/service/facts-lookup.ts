/**
 * The facts of a batch's orders: from what the bridge read lately (free), else one GET per
 * order, a few at a time through the account's throttle. `refresh` asks again even for known
 * orders (a labels PDF whose page count disagreed with what was known). An order the API does
 * not know (404) is `null`; any other failure fails the look-up, as a failed fetch would.
 */
import type { ApiClient } from '../../../kernel/api/api-client';
import { isBridgeFailure } from '../../../kernel/failure';
import type { OrderFact, OrderFacts } from './order-facts';

export type FactsFound = Map<number, OrderFact | null>;

export interface LookupOptions {
  signal: AbortSignal;
  /** Ask the API even for orders read lately. */
  refresh?: boolean;
  /** Called after each order asked for (not for the ones already known). */
  onProgress?(done: number, total: number): void;
}

/** At most this many GETs at once: the throttle paces them anyway; this bounds what waits. */
const PARALLEL = 4;
/** A lookup this small is what the person waits for (a scan): it goes ahead of bulk work. */
const INTERACTIVE_UP_TO = 5;

export async function lookUpOrders(
  api: ApiClient,
  facts: OrderFacts,
  ids: readonly number[],
  options: LookupOptions,
): Promise<FactsFound> {
  const found: FactsFound = new Map();
  const missing: number[] = [];
  for (const id of ids) {
    const fact = options.refresh ? undefined : facts.fresh(id);
    if (fact) found.set(id, fact);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const priority = missing.length <= INTERACTIVE_UP_TO ? 'interactive' : 'background';
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < missing.length) {
      options.signal.throwIfAborted();
      const id = missing[next++] as number;
      found.set(id, await getOrder(api, facts, id, priority, options.signal));
      options.onProgress?.(++done, missing.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, missing.length) }, worker));
  // In the order asked, whatever order the answers came in.
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}

async function getOrder(
  api: ApiClient,
  facts: OrderFacts,
  id: number,
  priority: 'interactive' | 'background',
  signal: AbortSignal,
): Promise<OrderFact | null> {
  try {
    const order = await api.json('orders_retrieve', { path: { id } }, { priority, signal });
    // The client's own watcher has learnt it already when it watches; this covers a bare client.
    return facts.learnOrder(order) ?? null;
  } catch (error) {
    if (isBridgeFailure(error) && error.error.code === 'not_found') {
      facts.forget(id);
      return null;
    }
    throw error;
  }
}
