/**
 * What the grid shows about an order that is not a plain field: its stage, why it needs
 * attention, its tracking number, its item count. The API computes stage and attention on
 * the server (they are filters, not fields), so on a stage tab the tab's stage is the truth;
 * on "All" the stage is read from the order the way the filter is described (status, labels,
 * tracking). Fields whose structure the spec leaves open are read through openJson: a shape
 * this code does not know shows nothing rather than something wrong.
 */
import type { Api } from '../../../../shared/contract/values';
import { openJson } from '../../ui/format/open-json';
import type { AttentionReason, OrderStage } from './order-filters';

export type Order = Api['Order'];

const record = openJson.object;

function hasLiveLabel(order: Order): boolean {
  return order.shipments.some((s) => Boolean(s.label_url) && s.status !== 'voided');
}

/** The order's stage as the `stage` filter defines it. */
export function orderStage(order: Order): OrderStage {
  const status = order.status ?? null;
  if (status === 'cancelled' || status === 'refunded') return 'cancelled';
  if (status === 'shipped') {
    const parcels = [...order.fulfillments, ...order.storefront_fulfillments];
    const delivered =
      parcels.length > 0 && parcels.every((f) => f.tracking_events_status === 'delivered');
    return delivered ? 'delivered' : 'shipped';
  }
  if (status === 'ready' && hasLiveLabel(order)) return 'labels';
  return 'open';
}

/** The address-check status (valid, needs_review, …), or null when never checked. */
export function addressStatus(order: Order): string | null {
  const summary = record(order.address_check_summary) ?? record(order.address_check);
  const status = summary?.status;
  return typeof status === 'string' ? status : null;
}

/** Why an open order needs attention (the `attention` filter's reasons), in that order. */
export function attentionReasons(order: Order): Exclude<AttentionReason, 'any'>[] {
  if (orderStage(order) !== 'open') return [];
  const reasons: Exclude<AttentionReason, 'any'>[] = [];
  const address = addressStatus(order);
  if (address === 'needs_review' || address === 'invalid') reasons.push('address');
  const automation = record(order.label_automation);
  if (automation && record(automation.hold)) reasons.push('hold');
  if (automation?.status === 'failed') reasons.push('failed');
  return reasons;
}

/** The first tracking number of the order's shipments or parcels, if any. */
export function trackingNumber(order: Order): string | null {
  for (const s of order.shipments) if (s.tracking_number) return s.tracking_number;
  for (const f of [...order.fulfillments, ...order.storefront_fulfillments]) {
    if (f.tracking_number) return f.tracking_number;
  }
  return null;
}

/** Units ordered (Σ qty), or null when the items are not a list of objects with a qty. */
export function itemCount(order: Order): number | null {
  if (!Array.isArray(order.items)) return null;
  let n = 0;
  for (const item of order.items) {
    const qty = record(item)?.qty;
    if (typeof qty === 'number' && Number.isFinite(qty)) n += qty;
  }
  return n;
}

/** The name a person recognises: the order name, else its number. */
export function orderLabel(order: Pick<Order, 'id' | 'order_name'>): string {
  return order.order_name?.trim() || `Order ${order.id}`;
}

/** "Berlin, DE" */
export function destination(order: Order): string {
  return [order.city, order.country].filter(Boolean).join(', ');
}
