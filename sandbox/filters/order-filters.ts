/**
 * The order list and export filters (spec, Orders): every one optional, all combined with AND.
 * Lists are comma-separated and matched case-insensitively.
 */
import { ORDER_ATTENTION_PARAM, ORDER_STAGE_PARAM } from '../../shared/api/enums.gen';
import type { OrderRow } from '../data/types';
import { lowerSet, type Query, QueryReader } from './query';

/** The reasons themselves: the attention filter's values but `any` (which means all of them). */
const ATTENTION = ORDER_ATTENTION_PARAM.filter((a) => a !== 'any');

export type OrderPredicate = (row: OrderRow) => boolean;

/**
 * Lower-casing with memory: channels and statuses take a handful of distinct values across
 * 200,000 rows, so each is lower-cased once instead of once per row per request.
 */
const lowered = new Map<string, string>();
function lower(value: string): string {
  let l = lowered.get(value);
  if (l === undefined) {
    l = value.toLowerCase();
    if (lowered.size < 10_000) lowered.set(value, l);
  }
  return l;
}

export interface OrderFilter {
  /** Identifies the filter set; empty when there is no filter. */
  key: string;
  test: OrderPredicate;
  /** The lower-cased `q`, so a caller with an index can narrow the rows first. */
  needle?: string;
}

/** Parses the filters into one predicate. */
export function orderFilter(query: Query): OrderFilter {
  const q = new QueryReader(query);
  const tests: OrderPredicate[] = [];
  const keyParts: string[] = [];
  const add = (name: string, value: unknown, test: OrderPredicate) => {
    keyParts.push(`${name}=${JSON.stringify(value)}`);
    // The stage test is the cheapest and most selective: it runs first.
    if (name === 'stage') tests.unshift(test);
    else tests.push(test);
  };

  const addressStatus = lowerSet(q.list('address_status'));
  if (addressStatus) {
    // `unchecked` also includes orders that were never checked (spec).
    const unchecked = addressStatus.has('unchecked');
    add('address_status', [...addressStatus], (r) =>
      r.address_status === null ? unchecked : addressStatus.has(lower(r.address_status)),
    );
  }

  const attention = q.list('attention')?.map((a) => a.toLowerCase());
  if (attention) {
    // `any` means all three reasons; a value that names no known reason matches no order.
    const wanted = new Set<string>(
      attention.flatMap((a): readonly string[] => (a === 'any' ? ATTENTION : [a])),
    );
    add('attention', [...wanted], (r) => r.attention.some((reason) => wanted.has(reason)));
  }

  const channel = lowerSet(q.list('channel'));
  if (channel) {
    add('channel', [...channel], (r) => r.channel !== null && channel.has(lower(r.channel)));
  }
  const excluded = lowerSet(q.list('exclude_channel'));
  if (excluded) {
    add(
      'exclude_channel',
      [...excluded],
      (r) => r.channel === null || !excluded.has(lower(r.channel)),
    );
  }

  const after = q.date('date_after');
  if (after) add('date_after', after, (r) => r.day >= after);
  const before = q.date('date_before');
  if (before) add('date_before', before, (r) => r.day <= before);

  for (const name of ['fulfillment_status', 'payment_status'] as const) {
    const values = lowerSet(q.list(name));
    if (values) {
      add(name, [...values], (r) => {
        const v = r[name];
        return v !== null && values.has(lower(v));
      });
    }
  }

  const needle = q.string('q')?.toLowerCase();
  if (needle) add('q', needle, (r) => r.search.includes(needle));

  // An unknown stage is ignored (spec), so it is read leniently rather than with choice().
  const stageRaw = q.string('stage')?.toLowerCase();
  const stage = ORDER_STAGE_PARAM.find((s) => s === stageRaw);
  if (stage) add('stage', stage, (r) => r.stage === stage);

  q.done();
  const test: OrderPredicate = (row) => {
    for (const t of tests) if (!t(row)) return false;
    return true;
  };
  return { key: keyParts.join('&'), test, needle };
}
