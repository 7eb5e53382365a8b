import type { BatchOrder, PrintJobView, PrintOutcome } from '@shared/contract/printing-values';
import type { ApiClient } from '../../../kernel/api/api-client';
import { BridgeFailure, isBridgeFailure } from '../../../kernel/failure';
import type { CallContext } from '../../../kernel/handler-types';
import { type FetchedDocument, fetchDocumentsBatch, fetchLabelsBatch } from './api-documents';
import type { BatchDeps } from './batch-deps';
import { expectedPages, lastStepOf, planBatch, type RouteGroup, type Step } from './batch-plan';
import type { BatchEntry, BatchRecorder } from './batch-record';
import { SKIP_REASONS, Tally } from './batch-tally';
import { verifyPages } from './batch-verify';
import { lookUpOrders } from './facts-lookup';
import { documentWhat, jobTitle, orderSpan } from './job-titles';
import type { OrderFacts } from './order-facts';
import { fetchAheadInOrder, unique } from './pipeline';

export type { BatchDeps } from './batch-deps';

export interface BatchRequest {
  orderIds: readonly number[];
  what: 'labels' | 'documents';
  groups: RouteGroup[];
  /** Kept with the batch, so "print the rest" asks for the same. */
  kinds?: string[];
  override?: Record<string, unknown>;
  /**
   * "Print the rest" of this batch: the orders given are its not-reached ones; `orders` are all
   * of its orders and `earlier` what happened to the others, so the outcome accounts for the
   * whole batch.
   */
  resume?: { id: string; title: string; orders: BatchOrder[]; earlier: BatchEntry[] };
}

export { SKIP_REASONS } from './batch-tally';

/**
 * Prints one batch in three steps: plan (look the orders up, skip what cannot print), fetch and
 * queue (chunks fetched ahead, queued in order), account (finished, stopped or cancelled, with
 * every order's outcome). Each step records its decisions as it makes them.
 */
export async function printBatch(
  deps: BatchDeps,
  request: BatchRequest,
  ctx: CallContext,
): Promise<PrintOutcome> {
  const run = await beginBatch(deps, request, ctx);
  let plan: BatchPlan;
  try {
    plan = await planSteps(run);
  } catch (error) {
    return stopped(run, error, 'Checking the orders failed');
  }
  run.lastStep = lastStepOf(plan.steps);
  await recordPlan(run, plan);
  const failure = await fetchAndQueue(run, plan.steps);
  return account(run, failure);
}

/** One batch in progress: what each step of printBatch reads and adds to. */
interface BatchRun {
  deps: BatchDeps;
  request: BatchRequest;
  ctx: CallContext;
  api: ApiClient;
  facts: OrderFacts;
  recorder: BatchRecorder;
  ids: number[];
  id: string;
  title: string;
  /** The batch's first record; awaited before the first job and before the end. */
  begun: Promise<void>;
  tally: Tally;
  /** Each planned order's last step, once planned: `more` on what a step records before it. */
  lastStep: Map<number, number>;
}

/** `more` for an order recorded at step `index` (-1: before any step) when a later job has it. */
function moreAfter(run: BatchRun, orderId: number, index: number): { more?: true } {
  return (run.lastStep.get(orderId) ?? -1) > index ? { more: true } : {};
}

/** A request that failed in a way that stops the batch, and the step it stopped at. */
type Failure = { error: unknown; at: number } | undefined;

async function beginBatch(
  deps: BatchDeps,
  request: BatchRequest,
  ctx: CallContext,
): Promise<BatchRun> {
  const ids = unique(request.orderIds);
  const api = await deps.client();
  const facts = deps.facts(api);
  const recorder = await deps.recorder();
  const id = request.resume?.id ?? deps.newId();
  const title = request.resume?.title ?? batchTitle(ids.map((o) => ({ name: facts.nameOf(o) })));
  // Recorded before any job (queueStep waits for it): a kill from then on leaves a batch to
  // finish. Its write runs beside the look-ups and the first request, not before them.
  const begun = recorder.begin({
    id,
    title,
    what: request.what,
    ...(request.kinds ? { kinds: request.kinds } : {}),
    ...(request.override ? { override: request.override } : {}),
    orders: ids.map((o) => ({ id: o, name: facts.nameOf(o) })),
    resumed: request.resume !== undefined,
  });
  // Awaited where it matters (before the first job, before the end); handled from now on, so a
  // failed write is an error of this call, never an unhandled rejection of the process.
  begun.catch(() => {});

  const tally = new Tally(request.resume?.orders.map((o) => o.id) ?? ids, facts);
  for (const o of request.resume?.orders ?? []) tally.name(o.id, o.name);
  for (const e of request.resume?.earlier ?? []) {
    if (e.outcome === 'queued') tally.queuedEarlier(e.id);
    else tally.skip(e);
  }
  return {
    deps,
    request,
    ctx,
    api,
    facts,
    recorder,
    ids,
    id,
    title,
    begun,
    tally,
    lastStep: new Map(),
  };
}

type BatchPlan = ReturnType<typeof planBatch>;

/** Plan: the orders looked up; the chunks to fetch, and those that cannot print with the cause. */
async function planSteps(run: BatchRun): Promise<BatchPlan> {
  const { deps, request, ctx, api, facts, ids } = run;
  const found = await lookUpOrders(api, facts, ids, {
    signal: ctx.signal,
    onProgress: (done, total) => ctx.progress({ phase: 'Checking orders', done, total }),
  });
  return planBatch(ids, found, request.groups, deps.chunkSize, (o) => facts.nameOf(o));
}

/** The plan's names and skips, recorded before anything is fetched. */
async function recordPlan(run: BatchRun, plan: BatchPlan): Promise<void> {
  const { facts, recorder, ids, id, tally } = run;
  tally.names(facts);
  const mine = new Set(ids);
  await recorder.names(
    id,
    tally.orders().filter((o) => mine.has(o.id)),
  );
  const skips: BatchEntry[] = plan.skipped.map((s) => ({
    id: s.order.id,
    outcome: s.cause,
    reason: SKIP_REASONS[s.cause as keyof typeof SKIP_REASONS],
    ...(s.kind ? { kind: s.kind } : {}),
    // A kind skipped (no label) while the order's other documents are still to print.
    ...moreAfter(run, s.order.id, -1),
  }));
  for (const s of skips) tally.skip(s);
  if (skips.length > 0) await recorder.record(id, skips);
}

/** Fetch and queue: chunks fetched ahead, queued strictly in order; the failure that stopped it. */
async function fetchAndQueue(run: BatchRun, steps: Step[]): Promise<Failure> {
  const { deps, request, ctx, api, recorder, id } = run;
  const phase = request.what === 'labels' ? 'Printing labels' : 'Printing documents';
  let done = 0;
  ctx.progress({ phase, done: 0, total: steps.length });
  let failure: Failure;

  await fetchAheadInOrder(
    steps,
    (step, index, signal): Promise<FetchedDocument> => {
      // The first request is what the person waits for; the rest yield to their browsing.
      const call = { priority: index === 0 ? 'interactive' : 'background', signal } as const;
      const orderIds = step.orders.map((o) => o.id);
      return step.kinds
        ? fetchDocumentsBatch(api, orderIds, step.kinds, call)
        : fetchLabelsBatch(api, orderIds, call);
    },
    async (step, result, index) => {
      if (ctx.signal.aborted) return 'stop';
      if (result.ok) {
        const job = await queueStep(run, step, result.value.bytes);
        // The job is on disk; now the record (a kill in between is reconciled from the job).
        await recorder.record(
          id,
          step.orders.map((o) => ({
            id: o.id,
            outcome: 'queued',
            jobId: job.id,
            printer: job.printerName,
            ...moreAfter(run, o.id, index),
          })),
        );
      } else if (refusedRequest(result.error)) {
        await refused(run, step, index, (result.error as BridgeFailure).message);
      } else if (isCancelled(result.error) || ctx.signal.aborted) {
        return 'stop';
      } else {
        failure = { error: result.error, at: index };
        return 'stop';
      }
      done += 1;
      ctx.progress({ phase, done, total: steps.length });
      return 'continue';
    },
    { window: deps.window, signal: ctx.signal },
  );
  return failure;
}

/** Account: the batch ends finished, stopped or cancelled, every order's outcome in its answer. */
async function account(run: BatchRun, failure: Failure): Promise<PrintOutcome> {
  const { deps, request, ctx, recorder, id, title, begun, tally } = run;
  if (ctx.signal.aborted) {
    // Cancelling the batch takes back what has not started printing; what is on paper stays.
    await deps.cancelQueued(tally.jobs.map((j) => j.id));
    await begun;
    await recorder.end(id, 'cancelled');
    throw new BridgeFailure(
      'cancelled',
      'Cancelled. Jobs not yet sent to a printer were cancelled.',
    );
  }
  if (failure) {
    // Nothing printed at all: the caller gets the error itself (the batch stays, to resume).
    if (tally.jobs.length === 0) {
      await begun;
      await recorder.end(id, 'stopped', reasonOf(failure.error));
      throw failure.error;
    }
    return stopped(run, failure.error, undefined);
  }
  await begun;
  // Not waited for: the batch's decisions are on disk already (skips a turn after they were
  // made, beside the first request; jobs before their entries). If this last write is lost to
  // a kill, the next start finds nothing of the batch left to print and closes it.
  recorder.end(id, 'finished').catch(() => {});
  return tally.outcome({ id, title, what: request.what, state: 'finished' });
}

async function queueStep(run: BatchRun, step: Step, bytes: Uint8Array): Promise<PrintJobView> {
  const { deps, api, facts, recorder, id, begun, tally } = run;
  await begun;
  await recorder.sending?.(
    id,
    step.orders.map((o) => o.id),
  );
  const pages = expectedPages(step);
  const job = await deps.enqueue(
    step.route,
    bytes,
    jobTitle(step.orders, step.kinds, pages),
    { kind: 'order', ref: refOf(step.orders) },
    {
      orders: step.orders,
      ...(pages !== undefined ? { pages: { expected: pages } } : {}),
      batchId: id,
      what: documentWhat(step.kinds),
    },
  );
  tally.queued(step, job);
  // Runs on after the answer: counting a large PDF must not hold up the person.
  if (pages !== undefined) {
    void verifyPages({ deps, api, facts, job, step, recorder: { batchId: id, recorder } }).catch(
      () => {},
    );
  }
  return job;
}

/** The API refused the request: say why for each order, from a fresh look at each. */
async function refused(run: BatchRun, step: Step, index: number, reason: string): Promise<void> {
  const { ctx, api, facts, recorder, id, tally } = run;
  let found: Awaited<ReturnType<typeof lookUpOrders>> | undefined;
  try {
    found = await lookUpOrders(
      api,
      facts,
      step.orders.map((o) => o.id),
      { signal: ctx.signal, refresh: true },
    );
  } catch {
    // The refusal stands as the reason for all of them.
  }
  const entries: BatchEntry[] = step.orders.map((o) => {
    const fact = found?.get(o.id);
    if (found && fact === null) {
      return { id: o.id, outcome: 'not_found', reason: SKIP_REASONS.not_found };
    }
    if (step.labelsOnly && fact?.labels === 0) {
      return {
        id: o.id,
        outcome: 'no_label',
        reason: SKIP_REASONS.no_label,
        ...(step.kinds ? { kind: 'shipping_label' as const } : {}),
      };
    }
    return { id: o.id, outcome: 'refused', reason: `Refused by the API: ${reason}` };
  });
  for (const e of entries) tally.skip(e);
  await recorder.record(
    id,
    entries.map((e) => ({ ...e, ...moreAfter(run, e.id, index) })),
  );
}

async function stopped(
  run: BatchRun,
  error: unknown,
  before: string | undefined,
): Promise<PrintOutcome> {
  const { request, ctx, recorder, id, title, begun, tally } = run;
  await begun;
  if (isCancelled(error) || ctx.signal.aborted) {
    await recorder.end(id, 'cancelled');
    throw new BridgeFailure('cancelled', 'Cancelled. Nothing was printed.');
  }
  const reason = before ? `${before}: ${reasonOf(error)}` : reasonOf(error);
  await recorder.end(id, 'stopped', reason);
  if (tally.jobs.length === 0 && before) throw error;
  return tally.outcome(
    { id, title, what: request.what, state: 'stopped' },
    `Not printed: ${reason}`,
  );
}

export function batchTitle(orders: readonly { name: string }[]): string {
  return orders.length === 1
    ? (orders[0]?.name ?? '')
    : `${orders.length} orders: ${orderSpan(orders)}`;
}

function refusedRequest(error: unknown): boolean {
  return (
    isBridgeFailure(error) &&
    (error.error.code === 'invalid_input' || error.error.code === 'not_found')
  );
}

function isCancelled(error: unknown): boolean {
  return isBridgeFailure(error) && error.error.code === 'cancelled';
}

function reasonOf(error: unknown): string {
  return isBridgeFailure(error) ? error.message : 'The request failed.';
}

function refOf(orders: readonly { id: number }[]): string {
  const ids = orders.map((o) => o.id);
  if (ids.length <= 5) return ids.join(',');
  return `${ids.slice(0, 5).join(',')},… (${ids.length})`;
}
