/**
 * Creates under faults, as a person makes them: the sandbox (over real HTTP, with its fault
 * injection: 5xx before processing, connections dropped before or after processing, answers
 * held back past the client's timeout after the order is stored) and the bridge's order
 * handlers with a short transport timeout. Each try is one draft (one reference): submitted,
 * sometimes twice at once (a double click), and submitted again after any failure that says
 * "not created" or "unknown", as a person would, until an order comes back.
 *
 * Counted at the sandbox itself afterwards, per draft: orders carrying its reference. A
 * duplicate is a draft with two or more; a lost create is a draft with none although the
 * bridge handed back an order, or with one although the person never got it back.
 */
import { randomUUID } from 'node:crypto';
import { buildDataset } from '../../sandbox/data/dataset';
import type { Dataset } from '../../sandbox/data/types';
import type { FaultOptions } from '../../sandbox/server/faults';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { REFERENCE_ATTRIBUTE, withReference } from '../domains/orders/order-create';
import { createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';
import { isBridgeFailure } from '../kernel/failure';
import { callContext } from '../kernel/test-support/call-context';
import { type ApiHandlers, createApiHandlers } from '../main/create-api-handlers';

export interface StressOptions {
  tries: number;
  /** Drafts worked on at once. */
  parallel?: number;
  /** Share of drafts submitted twice at once. */
  doubleSubmit?: number;
  faults?: FaultOptions;
  /** The transport's timeout per attempt, ms. */
  timeoutMs?: number;
  /**
   * The create as it was before it was made safe, for comparison: one POST, no lookup before
   * or after (the reference is still written, only so the sandbox can count per draft).
   */
  plain?: boolean;
}

export interface StressResult {
  tries: number;
  duplicates: number;
  lost: number;
  /** Submits answered "not created" (then sent again). */
  notCreated: number;
  /** Submits answered "unknown" (then sent again). */
  unknown: number;
  /** Every submit made, double ones included. */
  submits: number;
  /** Drafts whose first submit did not simply succeed. */
  troubled: number;
  /** Failures that are neither an order nor a retryable "not created"/"unknown". */
  unexpected: string[];
}

export const STRESS_FAULTS: FaultOptions = {
  error5xx: 0.08,
  drop: 0.12,
  late: 0.15,
  lateMs: 900,
  seed: 17,
};

const KEY = 'pk_create_stress_0123456789';
const RETRYABLE = new Set([
  'network',
  'timeout',
  'server_error',
  'outcome_unknown',
  'rate_limited',
]);

export async function runCreateStress(options: StressOptions): Promise<StressResult> {
  const timeoutMs = options.timeoutMs ?? 300;
  const dataset: Dataset = buildDataset({ seed: 1, scale: 0.02, now: new Date() });
  const sandbox: RunningSandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, dataset });
  const firstNewId = Math.max(...dataset.orders.rows.map((r) => r.id)) + 1;
  const api = createApiClient({
    baseUrl: sandbox.url,
    apiKey: KEY,
    limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000, concurrency: 16 }),
    timeoutMs,
    retries: 3,
    minRetryDelayMs: 5,
    maxRetryDelayMs: 50,
  });
  const handlers: ApiHandlers = createApiHandlers({
    client: async () => api,
    exportDir: '/tmp',
    // Well past the timeout and past the late answers, shortened from the shipped 120 s.
    createResolution: { windowMs: 8 * timeoutMs, firstDelayMs: 50, maxDelayMs: 500 },
  });
  const create: Create = options.plain
    ? (order, reference) =>
        api.json('orders_create', { body: withReference(order, reference) }, interactiveCall())
    : (order, reference) => handlers.ordersCreate({ order, reference }, callContext());
  const result: StressResult = {
    tries: options.tries,
    duplicates: 0,
    lost: 0,
    notCreated: 0,
    unknown: 0,
    submits: 0,
    troubled: 0,
    unexpected: [],
  };
  const returned = new Map<string, Set<number>>();
  let seed = 97;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  sandbox.faults.set(options.faults ?? STRESS_FAULTS);
  try {
    let next = 0;
    const worker = async () => {
      for (let n = next++; n < options.tries; n = next++) {
        const reference = randomUUID();
        const double = random() < (options.doubleSubmit ?? 0.2);
        returned.set(reference, await draft(create, n, reference, double, result));
      }
    };
    await Promise.all(Array.from({ length: options.parallel ?? 8 }, worker));
  } finally {
    sandbox.faults.clear();
    await sandbox.close();
  }
  // Count at the sandbox: the orders carrying each draft's reference.
  const stored = new Map<string, number[]>();
  for (const row of dataset.orders.rows) {
    if (row.id < firstNewId) continue;
    const attributes = dataset.orders.get(row.id)?.note_attributes;
    for (const a of Array.isArray(attributes) ? attributes : []) {
      const { name, value } = a as { name?: unknown; value?: unknown };
      if (name === REFERENCE_ATTRIBUTE && typeof value === 'string') {
        stored.set(value, [...(stored.get(value) ?? []), row.id]);
      }
    }
  }
  for (const [reference, ids] of returned) {
    const at = stored.get(reference) ?? [];
    if (at.length > 1) result.duplicates += 1;
    const got = [...ids];
    if (at.length === 0 || got.length !== 1 || got[0] !== at[0]) result.lost += 1;
  }
  return result;
}

/** One draft, worked as a person would until an order comes back (at most 12 submits). */
async function draft(
  create: Create,
  n: number,
  reference: string,
  double: boolean,
  result: StressResult,
): Promise<Set<number>> {
  const order = {
    recipient_name: `Stress ${n} ${reference.slice(0, 8)}`,
    address1: `${n} Fault Street`,
    city: 'Leeds',
    postal_code: 'LS1 1AA',
    country: 'GB',
  };
  const ids = new Set<number>();
  for (let submit = 0; submit < 12 && ids.size === 0; submit++) {
    const times = double && submit === 0 ? 2 : 1;
    result.submits += times;
    const outcomes = await Promise.all(
      Array.from({ length: times }, () =>
        create(order, reference).then(
          (created) => ({ id: created.id }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
    for (const outcome of outcomes) {
      if ('id' in outcome) {
        ids.add(outcome.id);
        continue;
      }
      if (submit === 0) result.troubled += 1;
      const code = isBridgeFailure(outcome.error) ? outcome.error.error.code : 'thrown';
      if (code === 'outcome_unknown') result.unknown += 1;
      else if (RETRYABLE.has(code)) result.notCreated += 1;
      else result.unexpected.push(`draft ${n}: ${code} ${String(outcome.error)}`);
    }
  }
  return ids;
}

type Create = (order: Record<string, unknown>, reference: string) => Promise<{ id: number }>;

function interactiveCall() {
  return { priority: 'interactive' as const };
}
