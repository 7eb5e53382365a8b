/**
 * Turns a drafted return into the API object, once its id is known: RMA number, line ids,
 * the timeline of events, and the "any JSON" side fields whose shapes the spec does not show
 * (see sandbox/README.md).
 */
import { iso as isoInstant } from '../orders/time';
import { money } from '../seeded';
import type { ReturnDraft } from './return-draft';
import type { ReturnEvent, ReturnLine, ReturnRequest } from './return-types';

/**
 * `new Date(ms).toISOString()`, through the orders' cached-prefix formatter (ten times
 * cheaper; ~12 instants a return, 240,000 at scale 100) for the whole ms it is exact for.
 */
const at = (ms: number): string =>
  Number.isInteger(ms) ? isoInstant(ms) : new Date(ms).toISOString();
const iso = (ms: number | null) => (ms === null ? null : at(ms));
const exchangeName = (id: number) => `#EX${4000 + id}`;

export function rmaNumber(id: number, requestedAt: number): string {
  return `RMA-${new Date(requestedAt).getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

export function buildReturnRecord(d: ReturnDraft, id: number): ReturnRequest {
  const t = d.timeline;
  const rng = d.draw;
  const rma = rmaNumber(id, t.requested);
  const status = t.status;
  const closed = status === 'COMPLETED' || status === 'REJECTED' || status === 'CANCELLED';
  const received = t.received !== null;
  const createdAt = t.requested + d.syncLagMinutes * 60_000;
  const lines: ReturnLine[] = d.lines.map((l, i) => ({
    id: id * 10 + i + 1,
    product: l.product,
    sku: l.sku,
    name: l.name,
    quantity: l.quantity,
    unit_price: l.unitCents === null ? null : money(l.unitCents / 100),
    reason: l.reason,
    customer_stated_unit_price: l.statedCents === null ? null : money(l.statedCents / 100),
    passport_count: l.passportCount,
  }));
  const events = timelineEvents(d, id);
  // ISO strings of one format sort as time does.
  const lastEvent = [iso(createdAt)!, ...events.map((e) => e.at)].sort().at(-1)!;
  // The exchange order is drafted on approval; a rejected or cancelled return never gets one.
  const exchange =
    d.resolution === 'EXCHANGE' &&
    t.approved !== null &&
    status !== 'REJECTED' &&
    status !== 'CANCELLED';
  const storefront = d.source === 'STOREFRONT';
  const refunded = status === 'COMPLETED' && d.amounts.refund_amount !== null;
  return {
    id,
    rma_number: rma,
    order: d.orderId,
    order_name: d.orderName,
    customer_name: d.customerName,
    customer_email: d.customerEmail,
    country: d.country,
    channel: d.channel,
    status,
    source: d.source,
    reason: d.reason,
    customer_note: d.customerNote,
    resolution: d.resolution,
    requested_resolution: d.requestedResolution,
    refund_amount: d.amounts.refund_amount,
    credit_amount: d.amounts.credit_amount,
    fee_amount: d.amounts.fee_amount,
    currency: d.currency,
    tags: d.tags,
    risk_factors: d.riskFactors,
    co2e_estimate_kg: d.co2eKg,
    has_return_label: d.label !== null,
    exchange_draft: exchange
      ? {
          name: exchangeName(id),
          status: status === 'COMPLETED' ? 'completed' : 'open',
          line_items: d.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
        }
      : null,
    store_credit_code:
      d.resolution === 'STORE_CREDIT' && status === 'COMPLETED'
        ? `SC-${code(rng, 4)}-${code(rng, 4)}`
        : null,
    photos: Array.from(
      { length: d.photoCount },
      (_, i) => `https://cdn.example.com/returns/${rma}/photo-${i + 1}.jpg`,
    ),
    suggested_refund: d.amounts.suggested,
    storefront_return: storefront
      ? {
          id: 7_100_000 + id,
          name: `${d.orderName ?? rma}-R1`,
          status: closed ? (status === 'COMPLETED' ? 'CLOSED' : 'DECLINED') : 'OPEN',
        }
      : null,
    storefront_money:
      storefront && refunded
        ? { refund_id: 9_300_000 + id, amount: d.amounts.refund_amount, currency: d.currency }
        : null,
    partner_writeback:
      d.channel === 'Amazon' || d.channel === 'eBay'
        ? {
            partner: d.channel.toLowerCase(),
            state: closed ? (rng.chance(0.1) ? 'failed' : 'sent') : 'pending',
            updated_at: lastEvent,
          }
        : null,
    warehouse_receipt_number: received
      ? `WR-${new Date(t.received!).getUTCFullYear()}-${String(50_000 + id).padStart(6, '0')}`
      : null,
    events,
    exchange_reference: exchange ? exchangeName(id) : '',
    risk_score: d.riskScore,
    carrier: d.label?.carrier ?? '',
    shipping_method: d.label?.method ?? '',
    tracking_number: d.label?.tracking ?? '',
    label_cost: d.label ? money(d.label.costCents / 100) : null,
    // The label is bought in the return's currency; no label, no currency.
    label_currency: d.label ? d.currency : '',
    requested_at: iso(t.requested)!,
    approved_at: iso(t.approved),
    received_at: iso(t.received),
    completed_at: iso(t.completed),
    closed_at: closed ? iso(t.completed ?? t.ended) : null,
    decision_note: decisionNote(d, id),
    warehouse_receipt: received ? 50_000 + id : null,
    total_value: money(d.total / 100),
    lines,
    created_at: iso(createdAt)!,
    updated_at: lastEvent,
  };
}

const REJECTIONS = [
  'Outside the 30-day return window.',
  'Final-sale item, not returnable.',
  'Hygiene product, seal opened.',
];
const REJECTIONS_AFTER_INSPECTION = [
  'Item shows signs of use.',
  'Returned item does not match the order.',
];

function decisionNote(d: ReturnDraft, id: number): string {
  const t = d.timeline;
  // A stable choice per return without drawing again: the note must not depend on call order.
  const pick = (notes: readonly string[]) => notes[id % notes.length]!;
  if (t.status === 'REJECTED')
    return pick(t.received !== null ? REJECTIONS_AFTER_INSPECTION : REJECTIONS);
  if (t.status === 'CANCELLED') return t.approved !== null ? 'Cancelled: parcel never sent.' : '';
  if (t.approved === null) return '';
  if (d.resolution !== d.requestedResolution) {
    return `Offered ${d.resolution.toLowerCase().replace('_', ' ')} instead of ${d.requestedResolution.toLowerCase().replace('_', ' ')}.`;
  }
  return d.autoApproved
    ? 'Approved automatically: within the return window.'
    : `Approved by ${d.staff}.`;
}

/** The timeline, oldest first; each event carries the status the return had after it. */
function timelineEvents(d: ReturnDraft, id: number): ReturnEvent[] {
  const t = d.timeline;
  const requester =
    d.source === 'PORTAL'
      ? 'customer'
      : d.source === 'STOREFRONT'
        ? 'storefront'
        : d.source === 'API'
          ? 'api'
          : d.staff;
  const events: ReturnEvent[] = [
    {
      type: 'requested',
      status: 'REQUESTED',
      at: at(t.requested),
      actor: requester,
      note: d.customerNote,
    },
  ];
  if (t.approved !== null) {
    events.push({
      type: 'approved',
      status: 'APPROVED',
      at: at(t.approved),
      actor: d.autoApproved ? 'rule:auto-approve' : d.staff,
      note: d.resolution !== d.requestedResolution ? decisionNote(d, id) : '',
    });
    if (d.label) {
      events.push({
        type: 'label_created',
        status: 'APPROVED',
        at: at(t.approved + 2 * 60_000),
        actor: 'system',
        note: `${d.label.carrier} ${d.label.method} ${d.label.tracking}`,
      });
    }
  }
  if (t.shipped !== null) {
    events.push({
      type: 'in_transit',
      status: 'IN_TRANSIT',
      at: at(t.shipped),
      actor: d.label ? 'carrier' : 'customer',
      note: d.label ? 'First carrier scan.' : 'Customer reports the parcel sent.',
    });
  }
  if (t.received !== null) {
    events.push({
      type: 'received',
      status: 'RECEIVED',
      at: at(t.received),
      actor: d.staff,
      note: `Received at ${d.receivedAt}, receipt WR-${new Date(t.received).getUTCFullYear()}-${String(50_000 + id).padStart(6, '0')}.`,
    });
  }
  if (t.completed !== null) {
    events.push({
      type: completionType(d),
      status: 'COMPLETED',
      at: at(t.completed),
      actor: d.staff,
      note: completionNote(d, id),
    });
  }
  if (t.ended !== null) {
    const rejected = t.status === 'REJECTED';
    events.push({
      type: rejected ? 'rejected' : 'cancelled',
      status: t.status,
      at: at(t.ended),
      actor: rejected || d.source === 'MANUAL' ? d.staff : 'customer',
      note: decisionNote(d, id),
    });
  }
  return events;
}

function completionType(d: ReturnDraft): string {
  if (d.resolution === 'STORE_CREDIT') return 'store_credit_issued';
  if (d.resolution === 'EXCHANGE') return 'exchange_created';
  return 'refunded';
}

function completionNote(d: ReturnDraft, id: number): string {
  const a = d.amounts;
  if (d.resolution === 'STORE_CREDIT')
    return `Store credit of ${a.credit_amount} ${d.currency} issued.`;
  if (d.resolution === 'EXCHANGE') return `Exchange order ${exchangeName(id)} created.`;
  if (d.resolution === 'KEEP_IT')
    return `Refund of ${a.refund_amount} ${d.currency} issued; the customer keeps the item.`;
  return `Refund of ${a.refund_amount} ${d.currency} issued.`;
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function code(rng: ReturnDraft['draw'], length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CODE_CHARS[rng.int(0, CODE_CHARS.length - 1)];
  return s;
}
