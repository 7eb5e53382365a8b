/**
 * Which orders a scanned code names exactly. The API's `q` search is broad (it also matches
 * addresses, phones, parts of numbers), so a scan must not open the first result: only an
 * order whose name, external id, storefront order id or one of its tracking numbers IS the
 * code counts. Case and surrounding blanks are ignored (scanners differ); an order name's
 * leading "#" is optional, because a slip's barcode often encodes "9042" for "#9042".
 */
import type { Api } from '../../../../shared/contract/values';

type Order = Api['Order'];

export type MatchField = 'order name' | 'external id' | 'storefront order id' | 'tracking number';

export interface ScanMatch {
  order: Order;
  /** Which field equalled the code, to say why this order was chosen. */
  field: MatchField;
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

const withoutHash = (value: string) => value.replace(/^#/, '');

/** Every tracking number an order carries: shipments, both fulfillment lists, the live label. */
export function trackingNumbersOf(order: Order): string[] {
  const found: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') found.push(value);
  };
  for (const s of Array.isArray(order.shipments) ? order.shipments : []) add(s?.tracking_number);
  const fulfillments = [
    ...(Array.isArray(order.fulfillments) ? order.fulfillments : []),
    ...(Array.isArray(order.storefront_fulfillments) ? order.storefront_fulfillments : []),
  ];
  for (const f of fulfillments) {
    add(f?.tracking_number);
    if (Array.isArray(f?.tracking_numbers)) for (const n of f.tracking_numbers) add(n);
  }
  const carrier = order.carrier_shipment;
  if (carrier && typeof carrier === 'object') {
    add((carrier as Record<string, unknown>).tracking_number);
  }
  return found;
}

/** The field of `order` that equals `code`, or null. */
export function matchField(order: Order, code: string): MatchField | null {
  const wanted = normalizeCode(code);
  if (wanted === '') return null;
  const name = order.order_name ? normalizeCode(order.order_name) : '';
  if (name !== '' && (name === wanted || withoutHash(name) === withoutHash(wanted))) {
    return 'order name';
  }
  if (order.external_id && normalizeCode(order.external_id) === wanted) return 'external id';
  if (order.storefront_order_id !== null && order.storefront_order_id !== undefined) {
    if (String(order.storefront_order_id) === wanted) return 'storefront order id';
  }
  if (trackingNumbersOf(order).some((n) => normalizeCode(n) === wanted)) return 'tracking number';
  return null;
}

/** The exact matches among search results, each order once, in the results' order. */
export function exactMatches(orders: readonly Order[], code: string): ScanMatch[] {
  const seen = new Set<number>();
  const matches: ScanMatch[] = [];
  for (const order of orders) {
    if (seen.has(order.id)) continue;
    const field = matchField(order, code);
    if (field) {
      seen.add(order.id);
      matches.push({ order, field });
    }
  }
  return matches;
}
