/**
 * The Orders view's filter state: what the filter bar and stage tabs edit, how it is kept in
 * the settings file (settings.views.orders.filters) and how it becomes the bridge's
 * `orderFilters` shape. One plain object so that saved views, query keys and the settings
 * file all hold the same thing. Reading from settings is forgiving value by value: a damaged
 * or older file loses one bad filter, never the view.
 */
import {
  ORDER_ATTENTION_PARAM as ATTENTION_REASONS,
  type OrderAttentionParam as AttentionReason,
  ORDER_STAGE_PARAM as ORDER_STAGES,
  type OrderStageParam as OrderStage,
} from '../../../../shared/api/enums.gen';
import type { OrderFilters } from '../../../../shared/contract/arg-schemas';
import { savedObject } from '../preferences/saved-values';

/**
 * The spec's stages, and its attention reasons (`any` means all three): the lists and their
 * types generated from shared/api/openapi.yaml (npm run api:gen), under the view's names.
 */
export { ATTENTION_REASONS, type AttentionReason, ORDER_STAGES, type OrderStage };

export const STAGE_LABELS: Record<OrderStage, string> = {
  open: 'Open',
  labels: 'Labels',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ATTENTION_LABELS: Record<AttentionReason, string> = {
  address: 'Held for its address',
  hold: 'Held by a rule',
  failed: 'Automatic label failed',
  any: 'Any reason',
};

/**
 * Address-check statuses. The spec names only `unchecked` (which also matches never-checked
 * orders); the others are what the sandbox documents. The list is a suggestion, not a limit:
 * a saved value outside it is kept and sent as it is.
 */
export const ADDRESS_STATUSES = ['valid', 'corrected', 'needs_review', 'invalid', 'unchecked'];

export interface OrderViewFilters {
  /** null: every stage (the "All" tab). */
  stage: OrderStage | null;
  channel: string[];
  exclude_channel: string[];
  payment_status: string[];
  fulfillment_status: string[];
  address_status: string[];
  attention: AttentionReason[];
  /** ISO dates (yyyy-mm-dd), inclusive; null when open-ended. */
  date_after: string | null;
  date_before: string | null;
  q: string;
}

export type ListFilterKey =
  | 'channel'
  | 'exclude_channel'
  | 'payment_status'
  | 'fulfillment_status'
  | 'address_status'
  | 'attention';

export const LIST_FILTER_KEYS: readonly ListFilterKey[] = [
  'channel',
  'exclude_channel',
  'payment_status',
  'fulfillment_status',
  'address_status',
  'attention',
];

export const EMPTY_FILTERS: OrderViewFilters = Object.freeze({
  stage: 'open',
  channel: [],
  exclude_channel: [],
  payment_status: [],
  fulfillment_status: [],
  address_status: [],
  attention: [],
  date_after: null,
  date_before: null,
  q: '',
}) as OrderViewFilters;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The bridge's limits (arg-schemas.ts): at most 50 values of at most 80 characters.
const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 80;
const MAX_QUERY_LENGTH = 200;

function isValidDate(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

function cleanList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const text = item.trim();
    if (text === '' || text.length > MAX_VALUE_LENGTH) continue;
    seen.add(text);
  }
  return [...seen].slice(0, MAX_VALUES);
}

function cleanAttention(value: unknown): AttentionReason[] {
  const list = cleanList(value).filter((v): v is AttentionReason =>
    (ATTENTION_REASONS as readonly string[]).includes(v),
  );
  // `any` already means all three: keeping the others beside it only clutters the chips.
  return list.includes('any') ? ['any'] : list;
}

/** Reads filters from the settings file (or a saved view), dropping what is not valid. */
export function filtersFromSettings(raw: unknown): OrderViewFilters {
  const r = savedObject(raw);
  if (r === null) return { ...EMPTY_FILTERS };
  const stage =
    r.stage === null || r.stage === ALL_STAGES
      ? null
      : (ORDER_STAGES as readonly unknown[]).includes(r.stage)
        ? (r.stage as OrderStage)
        : EMPTY_FILTERS.stage;
  const q = typeof r.q === 'string' ? r.q.slice(0, MAX_QUERY_LENGTH) : '';
  return {
    stage,
    channel: cleanList(r.channel),
    exclude_channel: cleanList(r.exclude_channel),
    payment_status: cleanList(r.payment_status),
    fulfillment_status: cleanList(r.fulfillment_status),
    address_status: cleanList(r.address_status),
    attention: cleanAttention(r.attention),
    date_after: isValidDate(r.date_after) ? r.date_after : null,
    date_before: isValidDate(r.date_before) ? r.date_before : null,
    q,
  };
}

/**
 * How "every stage" is stored: not null, which a JSON merge patch reads as "remove the key"
 * (and a missing stage reads back as the default tab).
 */
const ALL_STAGES = 'all';

/**
 * The filters as stored. Every key is written (null for an open date, which the merge patch
 * removes and reading brings back as null) because settings updates are JSON merge patches:
 * a key left out would keep its old value.
 */
export function filtersToSettings(filters: OrderViewFilters): Record<string, unknown> {
  return {
    stage: filters.stage ?? ALL_STAGES,
    channel: [...filters.channel],
    exclude_channel: [...filters.exclude_channel],
    payment_status: [...filters.payment_status],
    fulfillment_status: [...filters.fulfillment_status],
    address_status: [...filters.address_status],
    attention: [...filters.attention],
    date_after: filters.date_after,
    date_before: filters.date_before,
    q: filters.q,
  };
}

/** The bridge's filter shape: empty lists, open dates and a blank search are left out. */
export function toBridgeFilters(filters: OrderViewFilters): OrderFilters {
  const out: OrderFilters = {};
  if (filters.stage) out.stage = filters.stage;
  for (const key of LIST_FILTER_KEYS) {
    if (key === 'attention') continue;
    const list = cleanList(filters[key]);
    if (list.length > 0) out[key] = list;
  }
  const attention = cleanAttention(filters.attention);
  if (attention.length > 0) out.attention = attention;
  if (isValidDate(filters.date_after)) out.date_after = filters.date_after;
  if (isValidDate(filters.date_before)) out.date_before = filters.date_before;
  const q = filters.q.trim();
  if (q !== '') out.q = q.slice(0, MAX_QUERY_LENGTH);
  return out;
}

/** The same filters without the stage: what the stage tabs count under. */
export function withoutStage(filters: OrderViewFilters): OrderViewFilters {
  return { ...filters, stage: null };
}

/** How many filters besides the stage are set (the filter bar's "Clear (3)"). */
export function activeFilterCount(filters: OrderViewFilters): number {
  let n = 0;
  for (const key of LIST_FILTER_KEYS) if (filters[key].length > 0) n++;
  if (filters.date_after) n++;
  if (filters.date_before) n++;
  if (filters.q.trim() !== '') n++;
  return n;
}

/** A stable text for the filters, for query keys and to tell when they changed. */
export function filtersKey(filters: OrderViewFilters): string {
  const bridge = toBridgeFilters(filters);
  const sorted = Object.fromEntries(
    Object.entries(bridge)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]),
  );
  return JSON.stringify(sorted);
}

/** A date range the API would answer with nothing, said before asking it. */
export function dateRangeProblem(filters: OrderViewFilters): string | null {
  if (filters.date_after && filters.date_before && filters.date_after > filters.date_before) {
    return 'The “from” date is after the “to” date: no order can match.';
  }
  return null;
}
