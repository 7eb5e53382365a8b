/**
 * The bodies of the batch PDF endpoints (OrderSelectionRequest, OrderDocumentsRequest) and the
 * labels of an order. Unknown ids are refused by name; duplicates are printed once, at their
 * first place; at most MAX_BATCH orders per request (sandbox choice, see README).
 */

import { ORDER_DOCUMENTS_REQUEST_KINDS } from '../../shared/api/enums.gen';
import type { Dataset, Order, OrderStore } from '../data/types';
import type { DocumentKind, LabelInput } from '../documents';
import { invalid } from '../server/api-error';
import { shownValues } from '../server/body-bounds';

export const MAX_BATCH = 500;
const KINDS: readonly DocumentKind[] = ORDER_DOCUMENTS_REQUEST_KINDS;

export interface Selection {
  orders: Order[];
  kinds: DocumentKind[];
}

export function orderSelection(store: OrderStore, body: unknown, withKinds: boolean): Selection {
  const errors: Record<string, string[]> = {};
  const record = (body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid({ non_field_errors: ['The body must be a JSON object.'] });
  }
  const ids = record.order_ids;
  const orders: Order[] = [];
  if (!Array.isArray(ids) || ids.length === 0) {
    errors.order_ids = ['A non-empty list of order ids is required.'];
  } else if (!ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    errors.order_ids = ['Every order id must be a positive whole number.'];
  } else if (new Set(ids).size > MAX_BATCH) {
    errors.order_ids = [`At most ${MAX_BATCH} orders per request; split the selection.`];
  } else {
    const unknown: number[] = [];
    for (const id of new Set(ids as number[])) {
      const order = store.get(id);
      if (order) orders.push(order);
      else unknown.push(id);
    }
    if (unknown.length > 0) errors.order_ids = [`Unknown order ids: ${unknown.join(', ')}.`];
  }
  let kinds: DocumentKind[] = [];
  if (withKinds) {
    const raw = record.kinds;
    if (!Array.isArray(raw) || raw.length === 0) {
      errors.kinds = [`A non-empty list of kinds is required: ${KINDS.join(', ')}.`];
    } else {
      const bad = raw.filter((k) => !KINDS.includes(k as DocumentKind));
      if (bad.length > 0) {
        errors.kinds = [`Unknown kinds: ${shownValues(bad)}; use ${KINDS.join(', ')}.`];
      }
      kinds = [...new Set(raw as DocumentKind[])];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { orders, kinds };
}

/** The sender on every label: the account's default location. */
export function shipFromOf(dataset: Dataset): LabelInput['shipFrom'] {
  const location =
    dataset.inventory.locations.find((l) => l.is_default) ?? dataset.inventory.locations[0];
  return {
    name: location?.name ?? 'Sandbox Fulfilment',
    address1: location?.address1 ?? '1 Dock Road',
    city: location?.city ?? 'Rotterdam',
    postal_code: location?.postal_code ?? '3011 AA',
    country: location?.country ?? 'NL',
  };
}

/** One label per shipment that has one, in the order's shipment order. */
export function labelInputs(order: Order, shipFrom: LabelInput['shipFrom']): LabelInput[] {
  return order.shipments
    .filter((shipment) => typeof shipment.label_url === 'string' && shipment.label_url !== '')
    .map((shipment) => ({ order, shipment, shipFrom }));
}

/**
 * Where a picker finds a SKU: the bin holding most of it at the default location (or at the
 * first location that keeps it in bins). Looked up once per SKU.
 */
export function binLookup(dataset: Dataset): (sku: string) => string | undefined {
  const bySku = new Map(dataset.catalog.map((p) => [p.sku, p.id]));
  const home = dataset.inventory.locations.find((l) => l.is_default)?.id;
  const cache = new Map<string, string | undefined>();
  return (sku) => {
    if (cache.has(sku)) return cache.get(sku);
    const id = bySku.get(sku);
    const stock = id === undefined ? undefined : dataset.inventory.product(id);
    const levels = [...(stock?.levels ?? [])].sort(
      (a, b) => Number(b.location?.id === home) - Number(a.location?.id === home),
    );
    let code: string | undefined;
    for (const level of levels) {
      const bins = (level.bin_breakdown ?? []).filter((b) => b.bin);
      const best = bins.sort((a, b) => (b.on_hand ?? 0) - (a.on_hand ?? 0))[0];
      if (best?.bin) {
        code = best.bin.code;
        break;
      }
    }
    cache.set(sku, code);
    return code;
  };
}
