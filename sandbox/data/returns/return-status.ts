/**
 * Questions the server asks of a return: is it open, what does `q` search, which content
 * type is its label. Kept apart from the generator so the filters import only these.
 */
import type { ReturnRequest, ReturnStatus } from './return-types';

/**
 * Open returns still need someone to act (REQUESTED, APPROVED, IN_TRANSIT, RECEIVED); closed
 * ones are finished (COMPLETED, REJECTED, CANCELLED). The `status=open|closed` filter uses this.
 */
export function isOpenReturn(status: string): boolean {
  return (
    status === 'REQUESTED' ||
    status === 'APPROVED' ||
    status === 'IN_TRANSIT' ||
    status === 'RECEIVED'
  );
}

export const OPEN_STATUSES: readonly ReturnStatus[] = [
  'REQUESTED',
  'APPROVED',
  'IN_TRANSIT',
  'RECEIVED',
];

/** Lower-cased text `q` searches: RMA number, order name and id, customer, tracking number, line SKUs and names. */
export function returnSearchText(r: ReturnRequest): string {
  const parts: string[] = [r.rma_number];
  if (typeof r.order_name === 'string') parts.push(r.order_name);
  if (r.order !== null && r.order !== undefined) parts.push(String(r.order));
  for (const v of [r.customer_name, r.customer_email, r.tracking_number]) if (v) parts.push(v);
  for (const line of r.lines) {
    if (line.sku) parts.push(line.sku);
    parts.push(line.name);
  }
  // A newline cannot occur in a query, so a match never spans two fields.
  return parts.join('\n').toLowerCase();
}

export type LabelContentType =
  | 'application/pdf'
  | 'image/png'
  | 'image/gif'
  | 'application/octet-stream';

/**
 * The content type of a return's label, or null when it has none. Each carrier hands out its
 * own format, as real carriers do: carrier_a GIF, carrier_b PDF, carrier_c PNG, mock a raw
 * printer file (ZPL, served as application/octet-stream); carrier_d alternates PDF and ZPL by
 * return id (its two label stocks), so all four types occur even when mock is rare.
 */
export function returnLabelContentType(r: ReturnRequest): LabelContentType | null {
  if (r.has_return_label !== true) return null;
  switch (r.carrier) {
    case 'carrier_a':
      return 'image/gif';
    case 'carrier_b':
      return 'application/pdf';
    case 'carrier_c':
      return 'image/png';
    case 'carrier_d':
      return r.id % 2 === 0 ? 'application/pdf' : 'application/octet-stream';
    default:
      return 'application/octet-stream';
  }
}
