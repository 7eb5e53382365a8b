/**
 * The return a search names exactly: its RMA number, its order's name (with or without the
 * "#") or its return tracking number, case and blanks aside. The API's `q` is broad (it also
 * matches customers, SKUs and product names), so only an exact hit opens a return by itself.
 */
import type { Api } from '../../../../shared/contract/values';

const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : '');
const bare = (v: string) => v.replace(/^#/, '');

export function isExactReturn(ret: Api['ReturnRequest'], search: string): boolean {
  const q = norm(search);
  if (q === '') return false;
  if (norm(ret.rma_number) === q || norm(ret.tracking_number) === q) return true;
  const order = norm(ret.order_name);
  return order !== '' && bare(order) === bare(q);
}

/** The index of the first return the search names exactly, or -1. */
export function exactReturnIndex(returns: readonly Api['ReturnRequest'][], search: string): number {
  return returns.findIndex((r) => isExactReturn(r, search));
}
