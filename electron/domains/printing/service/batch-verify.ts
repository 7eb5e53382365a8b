/**
 * The labels PDF of a batch job against what its orders should give: one page per label. The
 * queue counts the pages before the job is sent; if they differ from the labels known when the
 * batch started (a label bought or voided since the orders were read), the job's orders are
 * looked at again. The job's reason then names the orders that changed, and its orders carry
 * their label counts only when the pages are known to match them (so one order's label can be
 * reprinted alone, page for page). Runs after the batch has answered: nothing waits for it.
 */
import type { ApiClient } from '../../../kernel/api/api-client';
import type { JobOrder, PrintJob } from '../queue/types';
import type { BatchDeps } from './batch-deps';
import type { Step } from './batch-plan';
import type { BatchRecorder } from './batch-record';
import { type FactsFound, lookUpOrders } from './facts-lookup';
import { orderSpan } from './job-titles';
import type { OrderFacts } from './order-facts';

/** Long enough for a few hundred GETs through the throttle; a page check never hangs forever. */
const RECHECK_MS = 5 * 60_000;

export interface VerifyInput {
  deps: Pick<BatchDeps, 'counted' | 'annotate'>;
  api: ApiClient;
  facts: OrderFacts;
  job: { id: string };
  step: Step;
  recorder?: { batchId: string; recorder: BatchRecorder };
}

export async function verifyPages(input: VerifyInput): Promise<void> {
  const counted = await input.deps.counted(input.job.id);
  const received = counted?.pages?.received;
  const expected = counted?.pages?.expected;
  // No count (unreadable: the queue failed it), none (failed, with its reason), or a match.
  if (!counted || received === undefined || expected === undefined || received === 0) return;
  if (received === expected) return;

  const orders = input.step.orders;
  let found: FactsFound | undefined;
  try {
    found = await lookUpOrders(
      input.api,
      input.facts,
      orders.map((o) => o.id),
      { signal: AbortSignal.timeout(RECHECK_MS), refresh: true },
    );
  } catch {
    // The difference is reported without knowing which orders changed.
  }
  const annotation = describe(orders, received, expected, found);
  await input.deps.annotate(input.job.id, annotation);
  const gone = orders.filter((o) => found?.get(o.id)?.labels === 0 || found?.get(o.id) === null);
  if (input.recorder && gone.length > 0) {
    const { recorder, batchId } = input.recorder;
    await recorder.record(
      batchId,
      gone.map((o) => ({
        id: o.id,
        outcome: found?.get(o.id) === null ? ('not_found' as const) : ('no_label' as const),
        reason: `Found after printing: ${found?.get(o.id) === null ? 'no such order any more' : 'no label any more'}.`,
      })),
    );
  }
}

/** The job's reason, and its orders with label counts only where the pages are known to match. */
export function describe(
  orders: readonly JobOrder[],
  received: number,
  expected: number,
  found: FactsFound | undefined,
): Pick<PrintJob, 'reason' | 'orders'> {
  let reason = `The API sent ${received} label pages where ${expected} were expected`;
  const changes: string[] = [];
  let fresh = 0;
  for (const o of orders) {
    const fact = found?.get(o.id);
    const now = fact === null ? 0 : fact?.labels;
    if (now !== undefined) fresh += now;
    if (now === undefined || now === o.labels) continue;
    changes.push(
      fact === null
        ? `${o.name} is no longer known to the API`
        : now === 0
          ? `${o.name} has no label now`
          : `${o.name} has ${now} labels now`,
    );
  }
  if (changes.length > 0) reason += ` (${changes.join(', ')})`;
  // Every order looked at again and the pages add up: the pages are the orders' labels again.
  if (found && orders.every((o) => found.has(o.id)) && fresh === received) {
    return {
      reason: `${reason}.`,
      orders: orders.map((o) => {
        const fact = found.get(o.id);
        return { id: o.id, name: fact?.name ?? o.name, labels: fact ? fact.labels : 0 };
      }),
    };
  }
  return {
    reason: `${reason}. Which pages belong to which order is not known: check the labels of ${orderSpan(orders)}.`,
    orders: orders.map(({ id, name }) => ({ id, name })),
  };
}
