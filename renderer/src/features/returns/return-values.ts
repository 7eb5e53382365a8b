/**
 * Reading a return's loosely typed parts. Many of its fields are "any" in the spec (events,
 * photos, risk factors, the warehouse receipt number…), so the detail never assumes a shape:
 * these helpers answer a value of the wanted type or nothing, and list what the view does
 * not know so nothing the API sends is hidden.
 */
import { asArray, asRecord, asText } from '../../views/order-detail/order-values';

export interface ReturnEvent {
  key: number;
  at: string | null;
  status: string | null;
  type: string | null;
  actor: string | null;
  note: string | null;
}

/** The events as a history, oldest first (events without a time keep their place last). */
export function returnEvents(events: unknown): ReturnEvent[] {
  const list = asArray(events).map((raw, key) => {
    const e = asRecord(raw);
    if (!e) return { key, at: null, status: null, type: null, actor: null, note: asText(raw) };
    return {
      key,
      at: asText(e.at) ?? asText(e.occurred_at) ?? asText(e.created_at),
      status: asText(e.status),
      type: asText(e.type) ?? asText(e.event),
      actor: asText(e.actor) ?? asText(e.by),
      note: asText(e.note) ?? asText(e.message) ?? asText(e.description),
    };
  });
  const time = (e: ReturnEvent) => (e.at ? Date.parse(e.at) : Number.NaN);
  return list.sort((a, b) => {
    const ta = time(a);
    const tb = time(b);
    if (Number.isNaN(ta) || Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1;
    return ta - tb || a.key - b.key;
  });
}

export interface Photo {
  url: string | null;
  label: string;
}

/** Photos as links: a URL string, or an object with url/href/src (caption if any). */
export function returnPhotos(photos: unknown): Photo[] {
  return asArray(photos).map((raw, i) => {
    const text = asText(raw);
    const record = asRecord(raw);
    const url = text ?? asText(record?.url) ?? asText(record?.href) ?? asText(record?.src);
    const caption = asText(record?.caption) ?? asText(record?.name);
    const safe = url && /^https?:\/\//i.test(url) ? url : null;
    return { url: safe, label: caption ?? `Photo ${i + 1}` };
  });
}

/** Risk factors as words: strings, or objects with a code/name/label/reason. */
export function riskFactors(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return asArray(value)
    .map((f) => {
      const r = asRecord(f);
      return (
        asText(f) ?? asText(r?.label) ?? asText(r?.name) ?? asText(r?.code) ?? asText(r?.reason)
      );
    })
    .filter((f): f is string => f !== null);
}

/** The fields the return detail shows in its sections; anything else goes to "Other fields". */
export const SHOWN_RETURN_FIELDS = new Set<string>([
  'id',
  'rma_number',
  'order',
  'order_name',
  'customer_name',
  'customer_email',
  'country',
  'channel',
  'status',
  'source',
  'reason',
  'customer_note',
  'resolution',
  'requested_resolution',
  'refund_amount',
  'credit_amount',
  'fee_amount',
  'currency',
  'tags',
  'risk_factors',
  'co2e_estimate_kg',
  'has_return_label',
  'exchange_draft',
  'store_credit_code',
  'photos',
  'suggested_refund',
  'storefront_return',
  'storefront_money',
  'partner_writeback',
  'warehouse_receipt_number',
  'events',
  'exchange_reference',
  'risk_score',
  'carrier',
  'shipping_method',
  'tracking_number',
  'label_cost',
  'label_currency',
  'requested_at',
  'approved_at',
  'received_at',
  'completed_at',
  'closed_at',
  'decision_note',
  'warehouse_receipt',
  'total_value',
  'lines',
  'created_at',
  'updated_at',
]);

export function otherReturnFields(ret: object): [string, unknown][] {
  return Object.entries(ret).filter(([key]) => !SHOWN_RETURN_FIELDS.has(key));
}
