/**
 * An order's documents as the person sees them: every kind the console prints (label, packing
 * slip, pick list, invoice) always listed, each available or not with the reason in words.
 * The API's map has no shape in the spec, so its values are read tolerantly: an object with
 * `available`/`title`/`url` (the sandbox's), a URL string, `true`/`false`, null, or nothing
 * for a kind — a missing or unreadable document is disabled with why, never an error that
 * takes the other documents down with it.
 */
import { ORDER_DOCUMENTS_REQUEST_KINDS } from '../../../../shared/api/enums.gen';
import { openJson } from '../../ui/format/open-json';

export type OrderDocKind = (typeof ORDER_DOCUMENTS_REQUEST_KINDS)[number];

export const DOCUMENT_TITLES: Record<OrderDocKind, string> = {
  shipping_label: 'Shipping label',
  packing_slip: 'Packing slip',
  pick_list: 'Pick list',
  commercial_invoice: 'Commercial invoice',
};

/** Why a kind cannot be had when the API does not say: in words a packer acts on. */
const WHY_NOT: Record<OrderDocKind, string> = {
  shipping_label: 'No label has been bought for this order yet.',
  packing_slip: 'The API offers no packing slip for this order.',
  pick_list: 'The API offers no pick list for this order.',
  commercial_invoice: 'Not needed: the order does not leave the customs area.',
};

export interface OrderDocument {
  kind: OrderDocKind;
  title: string;
  available: boolean;
  /** Why it cannot be printed, when it cannot. */
  reason?: string;
}

function readOne(kind: OrderDocKind, value: unknown): OrderDocument {
  const title = DOCUMENT_TITLES[kind];
  const no = (reason: string): OrderDocument => ({ kind, title, available: false, reason });
  if (value === undefined) return no(`${WHY_NOT[kind]} (The API does not list it.)`);
  if (value === null || value === false) return no(WHY_NOT[kind]);
  if (value === true) return { kind, title, available: true };
  if (typeof value === 'string')
    return value ? { kind, title, available: true } : no(WHY_NOT[kind]);
  const fields = openJson.object(value);
  if (!fields) return no('The API described this document in a form the console cannot read.');
  const shown = openJson.text(fields.title) ?? title;
  // `available: false`, or no URL where the API gives URLs: not to be had now.
  const available = fields.available === false ? false : fields.url !== null;
  return available
    ? { kind, title: shown, available: true }
    : { kind, title: shown, available: false, reason: WHY_NOT[kind] };
}

/** Every printable kind, in the console's order, read from the API's map (any shape). */
export function readOrderDocuments(answer: unknown): OrderDocument[] {
  const map = openJson.object(answer) ?? {};
  return ORDER_DOCUMENTS_REQUEST_KINDS.map((kind) => readOne(kind, map[kind]));
}
