/**
 * The order list's `stage` view (spec: a view, not a stored field), defined from the order's
 * data so that the row and the full object always agree:
 *
 * - cancelled: status cancelled or refunded;
 * - delivered: status shipped and every fulfillment's tracking_events_status is delivered;
 * - shipped: status shipped otherwise (handed over, not yet delivered);
 * - labels: status ready and a live label (a shipment with a label_url that is not voided);
 * - open: everything else, including status unknown and orders without a status.
 */
import type { Order, OrderStage } from '../types';

export function stageOf(
  status: string | null | undefined,
  trackingStatuses: readonly string[],
  hasLiveLabel: boolean,
): OrderStage {
  if (status === 'cancelled' || status === 'refunded') return 'cancelled';
  if (status === 'shipped') {
    return trackingStatuses.length > 0 && trackingStatuses.every((s) => s === 'delivered')
      ? 'delivered'
      : 'shipped';
  }
  if (status === 'ready' && hasLiveLabel) return 'labels';
  return 'open';
}

/** The stage of a full order (what the row's `stage` must equal). */
export function stageOfOrder(order: Order): OrderStage {
  return stageOf(
    order.status,
    order.fulfillments.map((f) => f.tracking_events_status),
    order.shipments.some((s) => !!s.label_url && s.status !== 'voided'),
  );
}
