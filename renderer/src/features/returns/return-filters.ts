/**
 * The Returns worklist's filter state: what the filter bar edits, how it is kept in the
 * settings file (settings.views.returns) and how it becomes the bridge's `returnFilters`.
 * The API takes one value per filter, so each is a plain string ('' = any). Reading from
 * settings is forgiving value by value: a damaged or older file loses one bad filter, never
 * the view.
 */
// The value lists come from the API description (api:gen); the words for them live here, as
// Records keyed by those values, so a value added to the description breaks the compile.
import {
  RETURN_REQUEST_REASON,
  RETURN_REQUEST_STATUS,
  RETURN_STATUS_PARAM,
} from '../../../../shared/api/enums.gen';
import type { ReturnFilters } from '../../../../shared/contract/arg-schemas';
import type { ReviewFilter } from '../../../../shared/contract/clerk-values';
import type { Api } from '../../../../shared/contract/values';
import { OLDER_THAN_MAX_DAYS } from '../../../../shared/return-age';
import { boundedText, savedObject } from '../preferences/saved-values';

export type ReturnStatus = Api['ReturnRequest']['status'];
export type ReturnReason = Exclude<NonNullable<Api['ReturnRequest']['reason']>, ''>;

/** The spec's return statuses, in lifecycle order. */
export const RETURN_STATUSES: readonly ReturnStatus[] = RETURN_REQUEST_STATUS;

/** The status filter also takes `open` (still needs someone) and `closed` (finished). */
export type StatusFilter = '' | 'open' | 'closed' | ReturnStatus;
export const STATUS_FILTERS: readonly Exclude<StatusFilter, ''>[] = RETURN_STATUS_PARAM;

export const STATUS_LABELS: Record<Exclude<StatusFilter, ''>, string> = {
  open: 'Open (needs action)',
  closed: 'Closed',
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  IN_TRANSIT: 'In transit',
  RECEIVED: 'Received',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const RETURN_REASONS: readonly ReturnReason[] = RETURN_REQUEST_REASON;

export const REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  wrong_color: 'Wrong colour',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  wrong_item: 'Wrong item',
  changed_mind: 'Changed mind',
  arrived_late: 'Arrived late',
  quality: 'Quality',
  other: 'Other',
};

export interface ReturnViewFilters {
  status: StatusFilter;
  reason: ReturnReason | '';
  carrier: string;
  channel: string;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  q: string;
  /** The local review marks (not an API filter): any, reviewed or not yet reviewed. */
  review: ReviewFilter;
  /** Only returns requested more than this many days ago; 0 = any age (not an API filter). */
  olderThanDays: number;
}

export const REVIEW_FILTERS: readonly ReviewFilter[] = ['any', 'unreviewed', 'reviewed'];
export const REVIEW_LABELS: Record<ReviewFilter, string> = {
  any: 'Any',
  unreviewed: 'Not reviewed',
  reviewed: 'Reviewed',
};
const isReviewFilter = (v: unknown): v is ReviewFilter =>
  (REVIEW_FILTERS as readonly unknown[]).includes(v);

/** A clerk opens the worklist to clear what is still open. */
export const DEFAULT_RETURN_FILTERS: ReturnViewFilters = Object.freeze({
  status: 'open',
  reason: '',
  carrier: '',
  channel: '',
  country: '',
  q: '',
  review: 'any',
  olderThanDays: 0,
}) as ReturnViewFilters;

// The bridge's limits (arg-schemas.ts).
const LIMITS = { carrier: 64, channel: 80, q: 200 } as const;
const COUNTRY = /^[A-Z]{2}$/;

export function isStatusFilter(value: unknown): value is Exclude<StatusFilter, ''> {
  return (STATUS_FILTERS as readonly unknown[]).includes(value);
}

export function isReturnReason(value: unknown): value is ReturnReason {
  return (RETURN_REASONS as readonly unknown[]).includes(value);
}

/** A country as typed ("de ") in the API's form ("DE"), or '' when it is not two letters. */
export function cleanCountry(value: unknown): string {
  const upper = boundedText(value, 2 + 10).toUpperCase();
  return COUNTRY.test(upper) ? upper : '';
}

/** Reads filters from the settings file, dropping what is not valid. */
export function returnFiltersFromSettings(raw: unknown): ReturnViewFilters {
  const r = savedObject(raw);
  if (r === null) return { ...DEFAULT_RETURN_FILTERS };
  return {
    // '' is stored for "any status"; a missing key is the default (open).
    status: r.status === '' ? '' : isStatusFilter(r.status) ? r.status : 'open',
    reason: isReturnReason(r.reason) ? r.reason : '',
    carrier: boundedText(r.carrier, LIMITS.carrier),
    channel: boundedText(r.channel, LIMITS.channel),
    country: cleanCountry(r.country),
    q: boundedText(r.q, LIMITS.q),
    review: isReviewFilter(r.review) ? r.review : 'any',
    olderThanDays: cleanOlderThan(r.olderThanDays),
  };
}

/** A kept or typed "older than" as whole days in the bridge's range, or 0 (any age). */
export function cleanOlderThan(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim().replace(/[\s,.]/g, '')) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= OLDER_THAN_MAX_DAYS ? n : 0;
}

/** The filters as stored: every key written, so a merge patch replaces them all. */
export function returnFiltersToSettings(filters: ReturnViewFilters): Record<string, unknown> {
  return { ...filters };
}

/** The bridge's filter shape: unset filters are left out. */
export function toReturnBridgeFilters(filters: ReturnViewFilters): ReturnFilters {
  const out: ReturnFilters = {};
  if (filters.status) out.status = filters.status;
  if (isReturnReason(filters.reason)) out.reason = filters.reason;
  const carrier = boundedText(filters.carrier, LIMITS.carrier);
  if (carrier) out.carrier = carrier;
  const channel = boundedText(filters.channel, LIMITS.channel);
  if (channel) out.channel = channel;
  const country = cleanCountry(filters.country);
  if (country) out.country = country;
  const q = boundedText(filters.q, LIMITS.q);
  if (q) out.q = q;
  return out;
}

/** A stable text for the filters, for query keys and to tell when they changed. */
export function returnFiltersKey(filters: ReturnViewFilters): string {
  const bridge = toReturnBridgeFilters(filters) as Record<string, string>;
  const keyed = Object.keys(bridge)
    .sort()
    .map((k) => [k, bridge[k]]);
  if (filters.review !== 'any') keyed.push(['review', filters.review]);
  if (filters.olderThanDays > 0) keyed.push(['olderThanDays', String(filters.olderThanDays)]);
  return JSON.stringify(keyed);
}

/**
 * How many filters differ from the worklist's default (open returns): the bar's "Clear
 * filters (2)", which goes back to that default, and is not offered on the default itself.
 */
export function changedReturnFilterCount(filters: ReturnViewFilters): number {
  const keys = Object.keys(DEFAULT_RETURN_FILTERS) as (keyof ReturnViewFilters)[];
  return keys.filter((k) => filters[k] !== DEFAULT_RETURN_FILTERS[k]).length;
}

/** How many filters differ from "everything" (the empty result's "Clear filters"). */
export function activeReturnFilterCount(filters: ReturnViewFilters): number {
  return (
    Object.keys(toReturnBridgeFilters(filters)).length +
    (filters.review === 'any' ? 0 : 1) +
    (filters.olderThanDays > 0 ? 1 : 0)
  );
}
