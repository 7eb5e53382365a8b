/**
 * Labels and documents for many orders: the selection split into chunks (each one request to
 * the labels-batch or documents endpoint), fetched ahead and queued strictly in the selected
 * order, with progress per chunk and cancellation. Documents go per route: with packing slips
 * on the laser and labels on the label printer, each chunk is asked for once per printer.
 *
 * A chunk the API refuses (400: none of its orders has a label; 404) is reported as skipped
 * and the batch goes on; any other failure stops the batch, reports the rest as not printed,
 * and keeps what was already queued (the person sees exactly which orders are missing).
 */
import type { PrintMedia, PrintRouteKind } from '../../../shared/contract/printing-settings';
import type { PrintOutcome, ResolvedRoute } from '../../../shared/contract/printing-values';
import type { ApiClient } from '../../bridge/api/api-client';
import { BridgeFailure, isBridgeFailure } from '../../bridge/failure';
import type { CallContext } from '../../bridge/handler-types';
import type { PrintJob } from '../queue/types';
import {
  type DocumentKind,
  type FetchedDocument,
  fetchDocumentsBatch,
  fetchLabelsBatch,
} from './api-documents';
import { chunks, fetchAheadInOrder, unique } from './pipeline';
import type { EnqueueExtra } from './print-handlers';

export interface BatchDeps {
  client(): Promise<ApiClient>;
  enqueue(
    route: ResolvedRoute,
    bytes: Uint8Array,
    title: string,
    source: PrintJob['source'],
    extra: EnqueueExtra,
  ): Promise<PrintOutcome['jobs'][number]>;
  cancelQueued(jobIds: readonly string[]): Promise<void>;
  /** Orders per request (the sandbox takes up to 500; smaller chunks start printing sooner). */
  chunkSize: number;
  /** Requests fetched ahead of the one being queued. */
  window: number;
}

/** One request of the batch: these orders, these kinds, to this route. */
interface Step {
  orderIds: number[];
  /** Undefined: the labels-batch endpoint. */
  kinds?: DocumentKind[];
  route: ResolvedRoute;
  what: string;
}

export interface RouteGroup {
  route: ResolvedRoute;
  kinds: DocumentKind[];
}

const NOUNS: Record<DocumentKind, string> = {
  shipping_label: 'Labels',
  packing_slip: 'Packing slips',
  pick_list: 'Pick lists',
  commercial_invoice: 'Invoices',
};

export async function printBatch(
  deps: BatchDeps,
  orderIds: readonly number[],
  groups: RouteGroup[] | { labels: ResolvedRoute },
  ctx: CallContext,
  title?: string,
): Promise<PrintOutcome> {
  const ids = unique(orderIds);
  const parts = chunks(ids, deps.chunkSize);
  const steps: Step[] = parts.flatMap((part): Step[] =>
    'labels' in groups
      ? [{ orderIds: part, route: groups.labels, what: 'Labels' }]
      : groups.map((g) => ({
          orderIds: part,
          kinds: g.kinds,
          route: g.route,
          what: g.kinds.map((k) => NOUNS[k]).join(' + '),
        })),
  );
  const outcome: PrintOutcome = { jobs: [], skipped: [] };
  const api = await deps.client();
  let done = 0;
  const phase = 'labels' in groups ? 'Printing labels' : 'Printing documents';
  ctx.progress({ phase, done: 0, total: steps.length });

  await fetchAheadInOrder(
    steps,
    (step, index, signal): Promise<FetchedDocument> => {
      // The first request is what the person waits for; the rest yield to their browsing.
      const call = { priority: index === 0 ? 'interactive' : 'background', signal } as const;
      return step.kinds
        ? fetchDocumentsBatch(api, step.orderIds, step.kinds, call)
        : fetchLabelsBatch(api, step.orderIds, call);
    },
    async (step, result, index) => {
      if (ctx.signal.aborted) return 'stop';
      if (result.ok) {
        const job = await deps.enqueue(
          step.route,
          result.value.bytes,
          jobTitle(step, ids, title),
          { kind: 'order', ref: refOf(step.orderIds) },
          { what: `The PDF of the ${step.what.toLowerCase()}` },
        );
        outcome.jobs.push(job);
      } else if (refusedChunk(result.error)) {
        outcome.skipped.push({
          orderIds: step.orderIds,
          ...(step.kinds?.length === 1 ? { kind: step.kinds[0] as PrintRouteKind } : {}),
          reason: (result.error as BridgeFailure).message,
        });
      } else if (isCancelled(result.error) || ctx.signal.aborted) {
        return 'stop';
      } else {
        if (outcome.jobs.length === 0) throw result.error;
        const rest = unique(steps.slice(index).flatMap((s) => s.orderIds));
        const reason = isBridgeFailure(result.error) ? result.error.message : 'The request failed.';
        outcome.skipped.push({ orderIds: rest, reason: `Not printed: ${reason}` });
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
    await deps.cancelQueued(outcome.jobs.map((j) => j.id));
    throw new BridgeFailure(
      'cancelled',
      'Cancelled. Jobs not yet sent to a printer were cancelled.',
    );
  }
  return outcome;
}

/**
 * Kinds sharing a printer, copies and paper are asked for together (one PDF, merged order by
 * order, in the order the kinds were given); others get their own request and job.
 */
export function groupKinds(
  kinds: readonly DocumentKind[],
  routeOf: (kind: DocumentKind) => ResolvedRoute,
  override: { printerId?: string; media?: PrintMedia },
): RouteGroup[] {
  const groups: RouteGroup[] = [];
  for (const kind of unique(kinds)) {
    const route = routeOf(kind);
    const same = groups.find(
      (g) =>
        g.route.printerId === route.printerId &&
        g.route.copies === route.copies &&
        (g.route.media === route.media || override.printerId !== undefined),
    );
    if (!same) {
      groups.push({ route, kinds: [kind] });
      continue;
    }
    same.kinds.push(kind);
    // One job of mixed 4x6 labels and A4 slips cannot be forced onto one paper size.
    if (same.route.media !== route.media && override.media === undefined) {
      same.route = { ...same.route, media: 'default' };
    }
  }
  return groups;
}

function refusedChunk(error: unknown): boolean {
  return (
    isBridgeFailure(error) &&
    (error.error.code === 'invalid_input' || error.error.code === 'not_found')
  );
}

function isCancelled(error: unknown): boolean {
  return isBridgeFailure(error) && error.error.code === 'cancelled';
}

function jobTitle(step: Step, all: readonly number[], title: string | undefined): string {
  const ids = step.orderIds;
  if (all.length === 1) return title ?? `${step.what}: order ${ids[0]}`;
  const from = all.indexOf(ids[0] as number) + 1;
  const range =
    ids.length === all.length
      ? `${all.length} orders`
      : `orders ${from}-${from + ids.length - 1} of ${all.length}`;
  return `${title ? `${title} – ` : ''}${step.what}: ${range}`;
}

function refOf(ids: readonly number[]): string {
  if (ids.length <= 5) return ids.join(',');
  return `${ids.slice(0, 5).join(',')},… (${ids.length})`;
}
