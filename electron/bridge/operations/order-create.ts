/**
 * Orders created once. The API has no idempotency key, so a create that may have reached the
 * server (a timeout, a connection lost after sending, a 5xx, an answer that broke off) is
 * resolved before anything can send another create for that draft:
 *
 * - every create carries a client-generated reference in a field the API keeps and returns:
 *   a `note_attributes` entry `{ name: "packbench_ref", value: <uuid> }` (the draft's
 *   reference from the renderer, so a resubmit of the same draft carries the same one);
 * - it is found again by listing orders with `q=<recipient name>` and a recent `date_after`
 *   and matching the reference exactly (q does not search note attributes);
 * - after an unknown outcome, the lookup is repeated with backoff until the order shows up or
 *   a window well past the transport's timeout has gone by with every lookup answered and the
 *   order absent: then it was not created, and saying so is definite;
 * - a create whose draft was sent before (a resubmit, a restart) looks first and returns the
 *   order found rather than sending again; two submits of one draft at once share one create.
 *
 * The person gets the created order or a definite "not created" (safe to send again). Only
 * when the service cannot be asked at all for the whole window is the outcome unknown, and
 * then sending again is still safe: it looks first.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openApiValidator, problemLines } from '../../../shared/api/openapi-validator';
import type { Api } from '../../../shared/contract/values';
import type { ApiClient, CallOptions } from '../api/api-client';
import { badResponse } from '../api/api-errors';
import { BridgeFailure, isBridgeFailure } from '../failure';

export const REFERENCE_ATTRIBUTE = 'packbench_ref';

type OrderRequest = Api['OrderRequest'];
type Order = Api['Order'];

export interface CreateResolution {
  /** How long to keep looking after an unknown outcome (default 120 s: 4× the timeout). */
  windowMs?: number;
  /** The first wait between lookups, doubled each time up to `maxDelayMs` (default 500 ms). */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export interface CreateRequest {
  order: Record<string, unknown>;
  reference: string;
  /** Whether the draft may have been sent before (look before sending). */
  mayExist: boolean;
}

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 10;

/** The order, created exactly once for its reference; or a BridgeFailure saying why not. */
export async function createOrderOnce(
  api: ApiClient,
  request: CreateRequest,
  call: CallOptions,
  resolution: CreateResolution = {},
): Promise<Order> {
  const body = withReference(request.order, request.reference);
  if (request.mayExist) {
    // Nothing is sent when the check cannot be made: a failure here leaves nothing behind.
    const found = await findByReference(api, body, request.reference, call);
    if (found) return found;
  }
  try {
    return await api.json('orders_create', { body }, call);
  } catch (error) {
    if (!mayHaveBeenCreated(error)) throw error;
    return resolve(api, body, request.reference, call, resolution, error as BridgeFailure);
  }
}

/** The request with the reference among its note attributes (any old one replaced). */
export function withReference(order: Record<string, unknown>, reference: string): OrderRequest {
  const existing = order.note_attributes;
  if (existing !== undefined && existing !== null && !Array.isArray(existing)) {
    throw new BridgeFailure('invalid_input', 'Note attributes must be a list of name and value.', {
      fieldErrors: { note_attributes: ['Must be a list of { name, value }.'] },
    });
  }
  const kept = (existing ?? []).filter(
    (a: unknown) => (a as { name?: unknown } | null)?.name !== REFERENCE_ATTRIBUTE,
  );
  return {
    ...order,
    note_attributes: [...kept, { name: REFERENCE_ATTRIBUTE, value: reference }],
  } as OrderRequest;
}

/** Whether a failed create may still have created the order. */
function mayHaveBeenCreated(error: unknown): boolean {
  if (!isBridgeFailure(error)) return false;
  const { code, status } = error.error;
  // outcome_unknown: timeout, lost connection after sending, 5xx. bad_response with a 2xx:
  // the server said created but the answer was unreadable.
  return (
    code === 'outcome_unknown' ||
    (code === 'bad_response' && status !== undefined && status >= 200 && status < 300)
  );
}

async function resolve(
  api: ApiClient,
  body: OrderRequest,
  reference: string,
  call: CallOptions,
  resolution: CreateResolution,
  cause: BridgeFailure,
): Promise<Order> {
  const windowMs = resolution.windowMs ?? 120_000;
  const maxDelay = resolution.maxDelayMs ?? 10_000;
  let delay = resolution.firstDelayMs ?? 500;
  const ends = Date.now() + windowMs;
  let answered = false;
  let lastProblem: BridgeFailure | undefined;
  for (;;) {
    try {
      const found = await findByReference(api, body, reference, call);
      if (found) return found;
      answered = true;
    } catch (error) {
      // Anything but a typed failure is a bug: not something to wait out.
      if (!isBridgeFailure(error) || isCreatedButUnreadable(error)) throw error;
      if (error.error.code === 'cancelled') throw cancelledAfterSend();
      lastProblem = error;
      answered = false;
    }
    if (Date.now() >= ends) break;
    try {
      await sleep(Math.min(delay, Math.max(0, ends - Date.now())), undefined, {
        signal: call.signal,
      });
    } catch {
      throw cancelledAfterSend();
    }
    delay = Math.min(maxDelay, delay * 2);
  }
  if (answered && cause.error.code === 'outcome_unknown') {
    // The last lookup, made after a window well past the time the create could take, answered
    // and found nothing: it was not created.
    const status = cause.error.status;
    throw new BridgeFailure(
      status !== undefined && status >= 500
        ? 'server_error'
        : /in time/.test(cause.message)
          ? 'timeout'
          : 'network',
      `The order was not created (${reasonOf(cause)}). Nothing was saved; send it again.`,
      status === undefined ? {} : { status },
    );
  }
  throw new BridgeFailure(
    'outcome_unknown',
    `Packbench could not ask the service whether the order was created (${lastProblem?.message ?? reasonOf(cause)}). ` +
      'Send it again when the service answers: Packbench looks for it first and never creates it twice.',
  );
}

/** The order carrying `reference`, if the service has one; undefined when it has none. */
export async function findByReference(
  api: ApiClient,
  body: OrderRequest,
  reference: string,
  call: CallOptions,
): Promise<Order | undefined> {
  const query = {
    q: body.recipient_name,
    date_after: lookupDate(body.order_date),
    page_size: LOOKUP_PAGE_SIZE,
  };
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page++) {
    // 'ids': rows are matched on the reference and checked alone below, so one malformed row
    // of someone else's cannot hide ours.
    const found = await api.page('orders_list', { query: { ...query, page } }, call, 'ids');
    const ours = (found.results as unknown[]).find((row) => carries(row, reference));
    if (ours) return checkedOrder(ours);
    if (!found.next || found.results.length === 0) return undefined;
  }
  return undefined;
}

function carries(row: unknown, reference: string): boolean {
  const attributes = (row as { note_attributes?: unknown } | null)?.note_attributes;
  return (
    Array.isArray(attributes) &&
    attributes.some(
      (a: unknown) =>
        (a as { name?: unknown } | null)?.name === REFERENCE_ATTRIBUTE &&
        (a as { value?: unknown }).value === reference,
    )
  );
}

function checkedOrder(row: unknown): Order {
  const validate = openApiValidator('tolerant').schema('Order');
  if (validate(row)) return row as Order;
  const id = (row as { id?: unknown }).id;
  throw createdButUnreadable(id, problemLines(validate.errors).slice(0, 2).join('; '));
}

const UNREADABLE = Symbol('created but unreadable');

function createdButUnreadable(id: unknown, what: string): BridgeFailure {
  const failure = badResponse(
    `order ${String(id)} was created, but the service's copy of it does not read: ${what}`,
  );
  Object.defineProperty(failure, UNREADABLE, { value: true });
  return failure;
}

function isCreatedButUnreadable(error: BridgeFailure): boolean {
  return (error as unknown as Record<symbol, unknown>)[UNREADABLE] === true;
}

/** Two days before the order's date (or today), in UTC: servers' clocks and zones differ. */
function lookupDate(orderDate: string | null | undefined): string {
  const given = orderDate ? Date.parse(orderDate) : Number.NaN;
  const from = Math.min(Number.isNaN(given) ? Date.now() : given, Date.now());
  return new Date(from - 2 * 86_400_000).toISOString().slice(0, 10);
}

function reasonOf(cause: BridgeFailure): string {
  const status = cause.error.status;
  if (status !== undefined && status >= 500) return `the service had a problem, HTTP ${status}`;
  if (/in time/.test(cause.message)) return 'the service did not answer in time';
  return 'the connection was lost';
}

function cancelledAfterSend(): BridgeFailure {
  return new BridgeFailure(
    'cancelled',
    'Cancelled while Packbench was checking whether the order was created. Sending it again is safe: Packbench looks for it first and never creates it twice.',
  );
}
