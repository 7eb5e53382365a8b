/**
 * Print jobs are named by what a person sees: the order's name, never an internal id. One
 * order: "Label #10983", "Packing slip + pick list #10983"; several: "20 labels: #10983 …
 * #11002" (the first and last order of the job, in the selected order), "20 packing slips:
 * #10983 … #11002". The same name goes on the CUPS job and on the Save-to-folder file.
 */
import type { JobOrder } from '../queue/types';
import type { DocumentKind } from './api-documents';

const NOUNS: Record<DocumentKind, [one: string, many: string]> = {
  shipping_label: ['label', 'labels'],
  packing_slip: ['packing slip', 'packing slips'],
  pick_list: ['pick list', 'pick lists'],
  commercial_invoice: ['commercial invoice', 'commercial invoices'],
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "#10983", "#10983, #10984", "#10983 … #11002". */
export function orderSpan(orders: readonly { name: string }[]): string {
  const first = orders[0]?.name ?? '';
  const last = orders[orders.length - 1]?.name ?? '';
  if (orders.length <= 1) return first;
  return orders.length === 2 ? `${first}, ${last}` : `${first} … ${last}`;
}

export function jobTitle(
  orders: readonly JobOrder[],
  kinds: readonly DocumentKind[] = ['shipping_label'],
  labelPages?: number,
): string {
  const span = orderSpan(orders);
  const onlyLabels = kinds.length === 1 && kinds[0] === 'shipping_label';
  if (onlyLabels) {
    const n = labelPages ?? orders.length;
    return n === 1 ? `Label ${span}` : `${n} labels: ${span}`;
  }
  if (orders.length === 1) {
    return `${capital(kinds.map((k) => NOUNS[k][0]).join(' + '))} ${span}`;
  }
  if (kinds.length === 1) return `${orders.length} ${NOUNS[kinds[0] as DocumentKind][1]}: ${span}`;
  return `${capital(kinds.map((k) => NOUNS[k][1]).join(' + '))} for ${orders.length} orders: ${span}`;
}

/** What a refusal calls a step's PDF: "The PDF of the packing slips". */
export function documentWhat(kinds: readonly DocumentKind[] = ['shipping_label']): string {
  return `The PDF of the ${kinds.map((k) => NOUNS[k][1]).join(' + ')}`;
}
