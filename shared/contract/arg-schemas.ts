/**
 * Argument schemas of the bridge methods (zod). The main process validates every call with
 * them, whatever the transport; the renderer gets the same types. Objects are strict: an
 * unknown key is a clear error rather than silently ignored. The value lists come from the
 * OpenAPI description (enums.gen.ts), never copied here.
 */
import { z } from 'zod';
import {
  ORDER_ATTENTION_PARAM,
  ORDER_DOCUMENTS_REQUEST_KINDS,
  ORDER_STAGE_PARAM,
  ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM,
  RETURN_REQUEST_REASON,
  RETURN_STATUS_PARAM,
  TRACKING_EVENT_SVC_NORMALIZED_STATUS,
} from '../api/enums.gen';

/**
 * A numeric id the API gives (spec: path ids are integers), refused with a sentence naming what
 * it is when it cannot be one: "An order number is a whole number from 1 up, not 0."
 */
export function idOf(noun: string) {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `${noun} is missing.`
      : `${noun} is a whole number from 1 up, not ${describeInput(issue.input)}.`;
  return z
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(Number.MAX_SAFE_INTEGER, { error });
}

/** Like idOf, for ids the spec lets be 0 or below: any safe whole number. */
function wholeNumberOf(noun: string) {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `${noun} is missing.`
      : `${noun} is a whole number, not ${describeInput(issue.input)}.`;
  return z
    .number({ error })
    .int({ error })
    .min(-Number.MAX_SAFE_INTEGER, { error })
    .max(Number.MAX_SAFE_INTEGER, { error });
}

function describeInput(input: unknown): string {
  if (input === null) return 'empty';
  if (typeof input === 'number') return String(input);
  if (typeof input === 'string') {
    const shown = input.length > 20 ? `${input.slice(0, 20)}…` : input;
    return `the text “${shown.replace(/\p{Cs}/gu, '\uFFFD')}”`;
  }
  return `a ${Array.isArray(input) ? 'list' : typeof input}`;
}

export const id = idOf('An id');
export const orderId = idOf('An order number');
export const returnId = idOf('A return number');
export const productId = idOf('A product number');
/** Any whole number: the spec's location ids are integers, 0 and below included (issue 32). */
export const locationId = wholeNumberOf('A location number');
export const trackingEventId = idOf('A tracking event number');
const text = (max: number) => z.string().trim().min(1).max(max);
const list = z.array(text(80)).min(1).max(50);
const isoDate = z.iso.date();

export const operationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'An operation id is 8-64 letters, digits, - or _.');
/** The last page a list may be asked for (the bridge refuses further: a bound, not the API's). */
export const MAX_PAGE = 1_000_000;
export const page = z.number().int().min(1).max(MAX_PAGE);
export const pageSize = z.number().int().min(1).max(1000);

export const orderStage = z.enum(ORDER_STAGE_PARAM);
export const orderFilters = z.strictObject({
  address_status: list.optional(),
  attention: z.array(z.enum(ORDER_ATTENTION_PARAM)).min(1).max(4).optional(),
  channel: list.optional(),
  exclude_channel: list.optional(),
  date_after: isoDate.optional(),
  date_before: isoDate.optional(),
  fulfillment_status: list.optional(),
  payment_status: list.optional(),
  q: text(200).optional(),
  stage: orderStage.optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;

/** A return status, or `open` / `closed` (the status filter's values). */
export const returnStatus = z.enum(RETURN_STATUS_PARAM);
export const returnReason = z.enum(RETURN_REQUEST_REASON);
export const returnFilters = z.strictObject({
  carrier: text(64).optional(),
  channel: text(80).optional(),
  country: z.string().length(2).optional(),
  q: text(200).optional(),
  reason: returnReason.optional(),
  status: returnStatus.optional(),
});
export type ReturnFilters = z.infer<typeof returnFilters>;

export const inventoryFilters = z.strictObject({
  expiring_within_days: z.number().int().min(0).max(3650).optional(),
  location: locationId.optional(),
  low_stock: z.boolean().optional(),
  out_of_stock: z.boolean().optional(),
  q: text(200).optional(),
});
export type InventoryFilters = z.infer<typeof inventoryFilters>;

/** The stock list's sortable columns (the bridge sorts the whole filtered list by them). */
export const STOCK_SORT_COLUMNS = [
  'product',
  'location',
  'on_hand',
  'committed',
  'reserved',
  'available',
  'reorder_point',
  'expiry',
] as const;
export const stockSort = z.strictObject({ column: z.enum(STOCK_SORT_COLUMNS), desc: z.boolean() });
export type StockSort = z.infer<typeof stockSort>;

export const trackingStatus = z.enum(TRACKING_EVENT_SVC_NORMALIZED_STATUS);
export const trackingEventFilters = z.strictObject({
  carrier: text(32).optional(),
  exception_code: text(32).optional(),
  package: id.optional(),
  shipment: text(64).optional(),
  status: trackingStatus.optional(),
});
export type TrackingEventFilters = z.infer<typeof trackingEventFilters>;

export const documentKind = z.enum(ORDER_DOCUMENTS_REQUEST_KINDS);
export const singleDocumentKind = z.enum(ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM);

/**
 * A folder the main process handed out (the desktop app's folder picker, or one of browser
 * mode's allowed roots): the renderer names it by this id and never by a path, so nothing it
 * sends can point the main process at a folder the person did not choose (issue 31).
 */
export const folderChoiceId = z
  .string()
  .regex(/^folder-[A-Za-z0-9_-]{16,64}$/, 'Choose the folder in Packbench (Choose folder…).');
/** Kept for callers of the old name: an export's folder is a folder choice. */
export const destination = folderChoiceId;
/** A file the console wrote, by the id the main process gave it when it wrote it. */
export const fileId = z
  .string()
  .regex(/^file-[A-Za-z0-9_-]{16,64}$/, 'Not a file Packbench wrote.');
/** Browser mode's allowed roots under the user's home (electron/security/folder-policy.ts). */
export const FOLDER_ROOT_IDS = ['documents', 'downloads', 'config'] as const;
export const folderRootId = z.enum(FOLDER_ROOT_IDS);

/**
 * Any id the spec allows (a string of up to 64 characters: spaces, `/`, `#`, `?` included; the
 * client encodes it as one path segment), except what no path segment can carry: `.` and `..`
 * (the URL parser would remove them and the request would reach another endpoint) and a lone
 * UTF-16 surrogate (text with no UTF-8 form).
 */
export const shipmentId = z
  .string({ error: 'A shipment id is text.' })
  .min(1, 'A shipment id cannot be empty.')
  .max(64, 'A shipment id has at most 64 characters.')
  .refine(
    (value) => value !== '.' && value !== '..',
    'A shipment id of “.” or “..” cannot be looked up: the address would lead elsewhere.',
  )
  .refine(
    (value) => !/\p{Cs}/u.test(value),
    'This shipment id holds a broken character (a lone UTF-16 surrogate) and cannot be looked up.',
  );
export const apiKey = z
  .string()
  .min(8, 'An API key is at least 8 characters.')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters.');
