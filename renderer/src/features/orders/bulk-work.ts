/**
 * Bulk work the bridge has no batch method for: refreshing tracking is one API call per
 * order. Done one order at a time (the account's rate limit is shared with the person's own
 * browsing, and the bridge schedules interactive calls first anyway), bounded, reporting
 * progress after each order and stopping between orders on Cancel. A failed order is
 * recorded and the rest go on.
 */
import type { z } from 'zod';
import { ORDER_DOCUMENTS_REQUEST_KINDS } from '../../../../shared/api/enums.gen';
import type { documentKind } from '../../../../shared/contract/arg-schemas';
import type { PackbenchClient } from '../../bridge';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { DOCUMENT_TITLES } from './order-documents';
import type { WorkContext } from './use-bulk-operation';

export type DocumentKind = z.infer<typeof documentKind>;

export const DOCUMENT_KINDS: readonly DocumentKind[] = ORDER_DOCUMENTS_REQUEST_KINDS;

/** A kind's name: the title the order's own documents list carries. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = DOCUMENT_TITLES;

/** More than this is a job for a narrower filter, not one click: each order is a request. */
export const MAX_TRACKING_REFRESH = 200;

export interface TrackingResult {
  orderId: number;
  queued: number;
  /** The order's fulfillments (the API's fulfillments_total), when it said. */
  total: number | null;
  skipped: { reason: string }[];
  error: string | null;
}

export async function refreshTrackingSequentially(
  client: PackbenchClient,
  orderIds: readonly number[],
  ctx: Pick<WorkContext, 'report' | 'cancelled'>,
  results: TrackingResult[],
): Promise<void> {
  const ids = orderIds.slice(0, MAX_TRACKING_REFRESH);
  ctx.report('Refreshing tracking', 0, ids.length);
  for (const [i, orderId] of ids.entries()) {
    if (ctx.cancelled()) return;
    try {
      const answer = await callBridge(client, 'ordersRefreshTracking', { id: orderId });
      results.push({
        orderId,
        queued: answer.queued ?? 0,
        total: typeof answer.fulfillments_total === 'number' ? answer.fulfillments_total : null,
        skipped: (answer.skipped ?? []).map((s) => ({ reason: s.reason ?? 'skipped' })),
        error: null,
      });
    } catch (error) {
      results.push({ orderId, queued: 0, total: null, skipped: [], error: errorMessage(error) });
    }
    ctx.report('Refreshing tracking', i + 1, ids.length);
  }
}

/** "3 orders: 4 parcels queued, 2 already delivered, 1 failed". */
export function summarizeTracking(results: readonly TrackingResult[]): string {
  const queued = results.reduce((n, r) => n + r.queued, 0);
  const reasons = new Map<string, number>();
  for (const r of results)
    for (const s of r.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  const failed = results.filter((r) => r.error !== null).length;
  const parts = [`${queued} ${queued === 1 ? 'parcel' : 'parcels'} queued`];
  for (const [reason, n] of reasons) parts.push(`${n} skipped: ${reason}`);
  if (failed > 0) parts.push(`${failed} failed`);
  return `${results.length} ${results.length === 1 ? 'order' : 'orders'}: ${parts.join(', ')}`;
}

/**
 * One order's line in the outcome: "2 of 3 parcels queued; 1 skipped: already delivered",
 * "nothing to track" when the order has no fulfillments, or the error it met.
 */
export function describeTrackingResult(r: TrackingResult): string {
  if (r.error !== null) return `failed: ${r.error}`;
  if (r.total === 0 || (r.queued === 0 && r.skipped.length === 0)) return 'nothing to track';
  const parcels = (n: number) => `${n} ${n === 1 ? 'parcel' : 'parcels'}`;
  const queued =
    r.total !== null && r.total !== r.queued
      ? `${r.queued} of ${parcels(r.total)} queued`
      : `${parcels(r.queued)} queued`;
  if (r.skipped.length === 0) return queued;
  const reasons = new Map<string, number>();
  for (const s of r.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  const skipped = [...reasons].map(([reason, n]) => `${n} skipped: ${reason}`).join(', ');
  return `${queued}; ${skipped}`;
}
