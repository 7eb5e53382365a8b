/**
 * Labels and documents for many orders, with every selected order accounted for: printed (in a
 * queued job), skipped with the cause (no label, not found, refused), or not reached.
 *
 * 1. What each order is (name, labels) comes from what the bridge read lately, else one GET per
 *    order (facts-lookup.ts). Orders the API does not know, and orders without a label when
 *    labels are asked for, are skipped by name before anything is requested.
 * 2. The rest go in chunks (one request each to labels-batch or documents, per route group),
 *    fetched ahead and queued strictly in the selected order. A labels job expects one page per
 *    label; its pages are counted before it is sent and a difference is checked against fresh
 *    facts (batch-verify.ts).
 * 3. A request the API refuses (400, 404) is reported for its orders, re-checked one by one,
 *    and the batch goes on; any other failure stops it and the remaining orders are "not
 *    reached". Cancelling (operationCancel) stops fetching and cancels the jobs not started.
 *
 * Every decision is recorded as it is made (BatchRecorder), the job before the record, so a kill
 * at any point leaves the batch with exactly its unprinted orders for "print the rest".
 */
import type { PrintRouteKind } from '@shared/contract/printing-settings';
import type {
  BatchOrder,
  BatchSkipCause,
  PrintBatchSummary,
  PrintJobView,
  PrintOutcome,
} from '@shared/contract/printing-values';
import { BridgeFailure, isBridgeFailure } from '../../../kernel/failure';
import type { CallContext } from '../../../kernel/handler-types';
import { type FetchedDocument, fetchDocumentsBatch, fetchLabelsBatch } from './api-documents';
import type { BatchDeps } from './batch-deps';
import { expectedPages, planBatch, type RouteGroup, type Step } from './batch-plan';
import type { BatchEntry } from './batch-record';
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

export const SKIP_REASONS: Record<Exclude<BatchSkipCause, 'refused'>, string> = {
  no_label: 'No shipping label.',
  not_found: 'Not found: the API has no such order.',
  not_reached: 'Not reached.',
};

export async function printBatch(
  deps: BatchDeps,
  request: BatchRequest,
  ctx: CallContext,
): Promise<PrintOutcome> {
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
  const phase = request.what === 'labels' ? 'Printing labels' : 'Printing documents';
  let plan: ReturnType<typeof planBatch>;
  try {
    const found = await lookUpOrders(api, facts, ids, {
      signal: ctx.signal,
      onProgress: (done, total) => ctx.progress({ phase: 'Checking orders', done, total }),
    });
    plan = planBatch(ids, found, request.groups, deps.chunkSize, (o) => facts.nameOf(o));
  } catch (error) {
    return stopped(error, 'Checking the orders failed');
  }
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
  }));
  for (const s of skips) tally.skip(s);
  if (skips.length > 0) await recorder.record(id, skips);

  const steps = plan.steps;
  let done = 0;
  ctx.progress({ phase, done: 0, total: steps.length });
  let failure: { error: unknown; at: number } | undefined;

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
        const job = await queueStep(step, result.value.bytes);
        // The job is on disk; now the record (a kill in between is reconciled from the job).
        await recorder.record(
          id,
          step.orders.map((o) => ({
            id: o.id,
            outcome: 'queued',
            jobId: job.id,
            printer: job.printerName,
          })),
        );
      } else if (refusedRequest(result.error)) {
        await refused(step, (result.error as BridgeFailure).message);
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
    return stopped(failure.error, undefined);
  }
  await begun;
  // Not waited for: the batch's decisions are on disk already (skips a turn after they were
  // made, beside the first request; jobs before their entries). If this last write is lost to
  // a kill, the next start finds nothing of the batch left to print and closes it.
  recorder.end(id, 'finished').catch(() => {});
  return tally.outcome({ id, title, what: request.what, state: 'finished' });

  async function queueStep(step: Step, bytes: Uint8Array): Promise<PrintJobView> {
    await begun;
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
  async function refused(step: Step, reason: string): Promise<void> {
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
    await recorder.record(id, entries);
  }

  async function stopped(error: unknown, before: string | undefined): Promise<PrintOutcome> {
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
}

/** What the person sees of a batch: "500 orders: #10983 … #11482". */
export function batchTitle(orders: readonly { name: string }[]): string {
  return orders.length === 1
    ? (orders[0]?.name ?? '')
    : `${orders.length} orders: ${orderSpan(orders)}`;
}

/** Per order: queued in a job, or skipped with a cause; the rest not reached. */
class Tally {
  readonly jobs: PrintJobView[] = [];
  private readonly queuedIds = new Set<number>();
  private readonly skips: BatchEntry[] = [];
  private readonly nameById = new Map<number, string>();

  constructor(
    private readonly ids: readonly number[],
    facts: OrderFacts,
  ) {
    this.names(facts);
  }

  /** Names from what is known now; a name already known is kept over "Order <id>". */
  names(facts: OrderFacts): void {
    for (const id of this.ids) {
      const name = facts.nameOf(id);
      if (!this.nameById.has(id) || !name.startsWith('Order ')) this.nameById.set(id, name);
    }
  }

  name(id: number, name: string): void {
    this.nameById.set(id, name);
  }

  queuedEarlier(id: number): void {
    this.queuedIds.add(id);
  }

  orders(): BatchOrder[] {
    return this.ids.map((id) => ({ id, name: this.nameById.get(id) ?? `Order ${id}` }));
  }

  queued(step: Step, job: PrintJobView): void {
    this.jobs.push(job);
    for (const o of step.orders) this.queuedIds.add(o.id);
  }

  skip(entry: BatchEntry): void {
    this.skips.push(entry);
  }

  outcome(
    batch: Pick<PrintBatchSummary, 'id' | 'title' | 'what' | 'state'>,
    notReachedReason?: string,
  ): PrintOutcome {
    const skippedIds = new Set(this.skips.map((s) => s.id));
    const notReached = this.ids.filter((id) => !this.queuedIds.has(id) && !skippedIds.has(id));
    const entries: { id: number; cause: BatchSkipCause; reason: string; kind?: PrintRouteKind }[] =
      [
        ...this.skips.map((s) => ({
          id: s.id,
          cause: s.outcome as BatchSkipCause,
          reason: s.reason ?? '',
          ...(s.kind ? { kind: s.kind } : {}),
        })),
        ...notReached.map((id) => ({
          id,
          cause: 'not_reached' as const,
          reason: notReachedReason ?? SKIP_REASONS.not_reached,
        })),
      ];
    // One entry per cause, reason and kind, its orders in the selected order.
    const position = new Map(this.ids.map((id, i) => [id, i]));
    entries.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    const groups = new Map<string, PrintOutcome['skipped'][number]>();
    for (const e of entries) {
      const key = `${e.cause}\u0000${e.reason}\u0000${e.kind ?? ''}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          orderIds: [],
          orders: [],
          cause: e.cause,
          reason: e.reason,
          ...(e.kind ? { kind: e.kind } : {}),
        };
        groups.set(key, group);
      }
      group.orderIds?.push(e.id);
      group.orders?.push({ id: e.id, name: this.nameById.get(e.id) ?? `Order ${e.id}` });
    }
    const skippedOnly = [...skippedIds].filter((id) => !this.queuedIds.has(id)).length;
    return {
      jobs: this.jobs,
      skipped: [...groups.values()],
      batch: {
        ...batch,
        selected: this.ids.length,
        queued: this.queuedIds.size,
        skipped: skippedOnly,
        notReached: notReached.length,
      },
    };
  }
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
