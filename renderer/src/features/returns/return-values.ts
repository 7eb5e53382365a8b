/**
 * Reading a return's open-shaped parts: its events, photos and risk factors are "any" in the
 * spec, so the detail never assumes their shape (openJson answers a value of the wanted kind
 * or nothing). The rest of a return is read through its generated type.
 */
import { openJson } from '../../ui/format/open-json';

const { list: listOf, object, text } = openJson;

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
  const list = listOf(events).map((raw, key) => {
    const e = object(raw);
    if (!e) return { key, at: null, status: null, type: null, actor: null, note: text(raw) };
    return {
      key,
      at: text(e.at) ?? text(e.occurred_at) ?? text(e.created_at),
      status: text(e.status),
      type: text(e.type) ?? text(e.event),
      actor: text(e.actor) ?? text(e.by),
      note: text(e.note) ?? text(e.message) ?? text(e.description),
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
  return listOf(photos).map((raw, i) => {
    const plain = text(raw);
    const record = object(raw);
    const url = plain ?? text(record?.url) ?? text(record?.href) ?? text(record?.src);
    const caption = text(record?.caption) ?? text(record?.name);
    const safe = url && /^https?:\/\//i.test(url) ? url : null;
    return { url: safe, label: caption ?? `Photo ${i + 1}` };
  });
}

/** Risk factors as words: strings, or objects with a code/name/label/reason. */
export function riskFactors(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return listOf(value)
    .map((f) => {
      const r = object(f);
      return text(f) ?? text(r?.label) ?? text(r?.name) ?? text(r?.code) ?? text(r?.reason);
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
