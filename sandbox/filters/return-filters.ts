/**
 * Returns worklist filters (spec, Returns). `status` takes a return status or `open`/`closed`;
 * `reason` one of the return reasons. An unknown status or reason is a 400 naming the
 * choices (the spec does not say; refusing beats silently showing an empty worklist).
 */
import { RETURN_STATUS_PARAM } from '../../shared/api/enums.gen';
import { isOpenReturn, RETURN_REASONS, returnSearchText } from '../data/returns';
import type { ReturnRequest } from '../data/types';
import { type Query, QueryReader } from './query';

export type ReturnPredicate = (r: ReturnRequest) => boolean;

// Returns never change, so each one's search text is built once, on first search.
const searchCache = new WeakMap<ReturnRequest, string>();
function searchText(r: ReturnRequest): string {
  const cached = searchCache.get(r);
  if (cached !== undefined) return cached;
  const text = returnSearchText(r);
  searchCache.set(r, text);
  return text;
}

const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export function returnFilter(query: Query): ReturnPredicate {
  const q = new QueryReader(query);
  const tests: ReturnPredicate[] = [];
  for (const name of ['carrier', 'channel', 'country'] as const) {
    const value = q.string(name);
    if (value) tests.push((r) => same(r[name], value));
  }
  const reason = q.choice('reason', RETURN_REASONS);
  if (reason) tests.push((r) => r.reason === reason);
  const status = q.choice('status', RETURN_STATUS_PARAM);
  if (status === 'open') tests.push((r) => isOpenReturn(r.status));
  else if (status === 'closed') tests.push((r) => !isOpenReturn(r.status));
  else if (status) tests.push((r) => r.status === status);
  const search = q.string('q')?.toLowerCase();
  if (search) tests.push((r) => searchText(r).includes(search));
  q.done();
  return (r) => tests.every((t) => t(r));
}
