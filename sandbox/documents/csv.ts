/**
 * CSV exports of orders and returns, streamed. The input is a lazy iterable (an export at
 * scale 100 walks 200,000 orders); rows are produced only as fast as the client reads them
 * (Readable.from pulls from the iterable under the stringifier's backpressure), so the whole
 * CSV never exists in memory.
 *
 * Format (the spec says only "text/csv"; see sandbox/README.md): a header row, RFC 4180 quoting
 * (fields with a comma, quote, CR or LF are quoted, quotes doubled), CRLF record ends, UTF-8
 * without a byte-order mark. No BOM because the console and scripts parse the file, and a BOM
 * would end up glued to the first column's name; spreadsheet users import it as UTF-8.
 *
 * Formula injection: a value such as "=HYPERLINK(...)" is exported exactly as stored. The API
 * hands out data, not spreadsheets, and escaping (a leading "'") would corrupt it for every
 * program that reads the CSV; guarding is the job of whatever opens it in a spreadsheet.
 */
import { pipeline, type Readable, Readable as ReadableStream } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { EventLoopSlices } from '../server/event-loop-slices';
import type { Order, ReturnRequest } from './api-types';

export const ORDER_CSV_COLUMNS = [
  'id',
  'order_name',
  'order_date',
  'created_at',
  'status',
  'channel',
  'shop_id',
  'payment_status',
  'fulfillment_status',
  'delivery_status',
  'customer_name',
  'customer_email',
  'recipient_name',
  'company',
  'address1',
  'address2',
  'city',
  'province_code',
  'postal_code',
  'country',
  'phone',
  'total_amount',
  'currency',
  'tracking_numbers',
  'tags',
] as const;

export const RETURN_CSV_COLUMNS = [
  'id',
  'rma_number',
  'order',
  'order_name',
  'status',
  'source',
  'reason',
  'resolution',
  'requested_resolution',
  'customer_name',
  'customer_email',
  'country',
  'channel',
  'carrier',
  'tracking_number',
  'refund_amount',
  'credit_amount',
  'fee_amount',
  'currency',
  'total_value',
  'line_count',
  'requested_at',
  'closed_at',
] as const;

type OrderColumn = (typeof ORDER_CSV_COLUMNS)[number];
type ReturnColumn = (typeof RETURN_CSV_COLUMNS)[number];

/** A field as CSV text: null/undefined empty, numbers and booleans as JSON writes them. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Free-form ("any") fields that hold an object: JSON keeps them readable and reversible.
  return JSON.stringify(value);
}

function orderCells(order: Order): Record<OrderColumn, unknown> {
  const shipments = Array.isArray(order.shipments) ? order.shipments : [];
  const tags: unknown = order.tags;
  return {
    id: order.id,
    order_name: order.order_name,
    order_date: order.order_date,
    created_at: order.created_at,
    status: order.status,
    channel: order.channel,
    shop_id: order.shop_id,
    payment_status: order.payment_status,
    fulfillment_status: order.fulfillment_status,
    delivery_status: order.delivery_status,
    customer_name: order.customer_name,
    customer_email: order.customer_email,
    recipient_name: order.recipient_name,
    company: order.company,
    address1: order.address1,
    address2: order.address2,
    city: order.city,
    province_code: order.province_code,
    postal_code: order.postal_code,
    country: order.country,
    phone: order.phone,
    total_amount: order.total_amount,
    currency: order.currency,
    tracking_numbers: shipments
      .map((s) => s.tracking_number)
      .filter((t): t is string => typeof t === 'string' && t !== '')
      .join(' '),
    tags: Array.isArray(tags) ? tags.map(cell).join(', ') : tags,
  };
}

function returnCells(ret: ReturnRequest): Record<ReturnColumn, unknown> {
  return {
    id: ret.id,
    rma_number: ret.rma_number,
    order: ret.order,
    order_name: ret.order_name,
    status: ret.status,
    source: ret.source,
    reason: ret.reason,
    resolution: ret.resolution,
    requested_resolution: ret.requested_resolution,
    customer_name: ret.customer_name,
    customer_email: ret.customer_email,
    country: ret.country,
    channel: ret.channel,
    carrier: ret.carrier,
    tracking_number: ret.tracking_number,
    refund_amount: ret.refund_amount,
    credit_amount: ret.credit_amount,
    fee_amount: ret.fee_amount,
    currency: ret.currency,
    total_value: ret.total_value,
    line_count: Array.isArray(ret.lines) ? ret.lines.length : 0,
    requested_at: ret.requested_at,
    closed_at: ret.closed_at,
  };
}

/** The records' format (the header's columns and header: true are given beside it). */
const CSV_FORMAT = {
  record_delimiter: '\r\n',
  // csv-stringify quotes a lone CR only when told to; RFC 4180 wants CR and LF quoted.
  quoted_match: /[\r\n]/,
} as const;

/** The orders export's header row, as the streamed export writes it (with its CRLF). */
export const ORDER_CSV_HEADER = stringifySync([], {
  header: true,
  columns: [...ORDER_CSV_COLUMNS],
  ...CSV_FORMAT,
});

/**
 * One order's row of the export, with its CRLF: the text the streamed export writes for it, so
 * rows kept between exports (routes/order-csv.ts) join into the same bytes.
 */
export function orderCsvRecord(order: Order): string {
  const values = orderCells(order);
  return stringifySync([ORDER_CSV_COLUMNS.map((c) => cell(values[c]))], CSV_FORMAT);
}

function csvStream<T, C extends string>(
  items: Iterable<T>,
  columns: readonly C[],
  cells: (item: T) => Record<C, unknown>,
): Readable {
  // Async, handing the event loop back every few milliseconds of work: a sync generator is
  // pulled in one go while the socket takes the bytes (on loopback it takes megabytes), and an
  // export of 20,000 orders held every other client's request for over a second.
  async function* rows(): AsyncGenerator<string[]> {
    const slices = new EventLoopSlices();
    for (const item of items) {
      const values = cells(item);
      yield columns.map((c) => cell(values[c]));
      await slices.breath();
      // A reader gone while this waited: stop here, before pulling another item.
      if (source.destroyed) return;
    }
  }
  const stringifier = stringify({ header: true, columns: [...columns], ...CSV_FORMAT });
  // pipeline, not pipe: an error in the iterable reaches the reader, and a reader that goes
  // away (client disconnect) stops the iterable instead of draining it.
  const source = ReadableStream.from(rows(), { objectMode: true });
  pipeline(source, stringifier, () => {});
  return stringifier;
}

/** The orders as CSV (ORDER_CSV_COLUMNS), streamed from a lazy iterable. */
export function ordersCsv(orders: Iterable<Order>): Readable {
  return csvStream(orders, ORDER_CSV_COLUMNS, orderCells);
}

/** The returns as CSV (RETURN_CSV_COLUMNS), streamed from a lazy iterable. */
export function returnsCsv(returns: Iterable<ReturnRequest>): Readable {
  return csvStream(returns, RETURN_CSV_COLUMNS, returnCells);
}
