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

/**
 * Each kind the console prints: its title, and why it cannot be had when the API does not say
 * (in words a packer acts on).
 */
const KINDS: Record<OrderDocKind, { title: string; whyNot: string }> = {
  shipping_label: {
    title: 'Shipping label',
    whyNot: 'No label has been bought for this order yet.',
  },
  packing_slip: { title: 'Packing slip', whyNot: 'The API offers no packing slip for this order.' },
  pick_list: { title: 'Pick list', whyNot: 'The API offers no pick list for this order.' },
  commercial_invoice: {
    title: 'Commercial invoice',
    whyNot: 'Not needed: the order does not leave the customs area.',
  },
};

export const DOCUMENT_TITLES = Object.fromEntries(
  ORDER_DOCUMENTS_REQUEST_KINDS.map((kind) => [kind, KINDS[kind].title]),
) as Record<OrderDocKind, string>;

export interface OrderDocument {
  kind: OrderDocKind;
  title: string;
  available: boolean;
  /** Why it cannot be printed, when it cannot. */
  reason?: string;
}

function readOne(kind: OrderDocKind, value: unknown): OrderDocument {
  const { title, whyNot } = KINDS[kind];
  const no = (reason: string): OrderDocument => ({ kind, title, available: false, reason });
  if (value === undefined) return no(`${whyNot} (The API does not list it.)`);
  if (value === null || value === false) return no(whyNot);
  if (value === true) return { kind, title, available: true };
  if (typeof value === 'string') return value ? { kind, title, available: true } : no(whyNot);
  const fields = openJson.object(value);
  if (!fields) return no('The API described this document in a form the console cannot read.');
  const shown = openJson.text(fields.title) ?? title;
  // `available: false`, or no URL where the API gives URLs: not to be had now.
  const available = fields.available === false ? false : fields.url !== null;
  return available
    ? { kind, title: shown, available: true }
    : { kind, title: shown, available: false, reason: whyNot };
}

/** Every printable kind, in the console's order, read from the API's map (any shape). */
export function readOrderDocuments(answer: unknown): OrderDocument[] {
  const map = openJson.object(answer) ?? {};
  return ORDER_DOCUMENTS_REQUEST_KINDS.map((kind) => readOne(kind, map[kind]));
}
