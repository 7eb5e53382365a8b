/**
 * Orders created once. The API has no idempotency key, so a create that may have reached the
 * server (a timeout, a connection lost after sending, a 5xx, an answer that broke off, a
 * console killed while it waited) is resolved before anything can send another create for
 * that draft:
 *
 * - every create carries a client-generated reference in a field the API keeps and returns:
 *   a `note_attributes` entry `{ name: "packbench_ref", value: <uuid> }` (the draft's
 *   reference from the renderer, so a resubmit of the same draft carries the same one);
 * - before the request leaves, the reference, the body and the time are written to the
 *   connection's local store (pending-creates.ts), so a restart knows it may exist;
 * - it is found again by listing orders with `q=<recipient name>` and a recent `date_after`
 *   and matching the reference exactly (the spec's search covers names, not note attributes
 *   or `external_id`);
 * - while a create of the draft may still land (within the window after it was sent: see
 *   WINDOW_MS), nothing sends it again: the lookup is repeated until the order shows up or
 *   the window has passed with the lookups answered and the order absent. Only then is it
 *   "not created", and only then may it be sent again. That holds across a restart: the
 *   window runs from the time on disk, not from when this process started;
 * - two submits of one draft at once share one create (orders-handlers.ts).
 *
 * The person gets the created order or a definite "not created" (safe to send again). Only
 * when the service cannot be asked at all is the outcome unknown, and then the next send
 * still looks first.
 */
import { openApiValidator, problemLines } from '@shared/api/openapi-validator';
import type { PendingCreateState as PendingState } from '@shared/contract/create-values';
import type { Api } from '@shared/contract/values';
import type { ApiClient, CallOptions } from '../../kernel/api/api-client';
import { badResponse } from '../../kernel/api/api-errors';
import { BridgeFailure, isBridgeFailure } from '../../kernel/failure';
import { type CreateClock, realClock } from '../../kernel/operations/create-clock';
import type { PendingCreate, PendingCreates } from './pending-creates';

export const REFERENCE_ATTRIBUTE = 'packbench_ref';

type OrderRequest = Api['OrderRequest'];
type Order = Api['Order'];

/**
 * How long after a create was sent its order may still appear. The transport gives a create
 * 30 s (http-transport.ts); the slowest creates seen in the fault campaign (issue 31) landed
 * 35 s after sending (held by a proxy, then forwarded) and 20 s after the connection had
 * already been reset. 120 s is four times the transport's timeout and over three times the
 * slowest seen: a create that has not appeared by then was not made, and only then may the
 * draft be sent again. A longer window only makes a person wait longer after a real loss.
 */
export const WINDOW_MS = 120_000;

export interface CreateResolution {
  /** How long after sending an order may still appear (default WINDOW_MS). */
  windowMs?: number;
  /** The first wait between lookups, doubled each time up to `maxDelayMs` (default 500 ms). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** The clock the window and the waits run on (default: the real one). */
  clock?: CreateClock;
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
  pending?: PendingCreates,
): Promise<Order> {
  const clock = resolution.clock ?? realClock;
  const windowMs = resolution.windowMs ?? WINDOW_MS;
  const body = withReference(request.order, request.reference);
  const earlier = await pending?.get(request.reference);
  if (earlier) {
    // Sent before (this run or before a restart): the order may still land. Look, and keep
    // looking until it shows or the window from that send has passed; nothing is sent before.
    const until = Date.parse(earlier.sentAt) + windowMs;
    const found = await waitForOrder(api, lookupBodies(earlier, body), request.reference, call, {
      ...resolution,
      clock,
      until,
    });
    if (found.order) {
      await pending?.clear(request.reference);
      return found.order;
    }
    if (!found.answered) throw unknownOutcome(found.problem?.message ?? 'no answer');
    // Absent with the window passed: that send made nothing. Send again below.
  } else if (request.mayExist) {
    // Nothing is sent when the check cannot be made: a failure here leaves nothing behind.
    const found = await findByReference(api, body, request.reference, call);
    if (found) return found;
  }
  const sentAt = clock.now();
  // On disk before the request leaves: a kill from here on leaves the record behind.
  await pending?.record({
    reference: request.reference,
    sentAt: new Date(sentAt).toISOString(),
    order: body as Record<string, unknown>,
  });
  try {
    const order = await api.json('orders_create', { body }, call);
    await pending?.clear(request.reference);
    return order;
  } catch (error) {
    // Cancelled (the person left, the app is closing) once the request may have left: the
    // record stays, so the next send of this draft waits out the window first.
    if (isBridgeFailure(error) && error.error.code === 'cancelled') throw cancelledAfterSend();
    if (!mayHaveBeenCreated(error)) {
      await pending?.clear(request.reference);
      throw error;
    }
    const cause = error as BridgeFailure;
    const found = await waitForOrder(api, [body], request.reference, call, {
      ...resolution,
      clock,
      until: sentAt + windowMs,
    });
    if (found.order) {
      await pending?.clear(request.reference);
      return found.order;
    }
    if (found.answered && cause.error.code === 'outcome_unknown') {
      await pending?.clear(request.reference);
      throw notCreated(cause);
    }
    // A 2xx whose body did not read, with the order never found: the record stays, so the
    // next send of this draft looks again first.
    throw unknownOutcome(found.problem?.message ?? reasonOf(cause));
  }
}

/**
 * Where the draft's pending create stands, looking once at the service when one is pending.
 * `running`: a create of it is under way in this process (nothing to look up yet).
 */
export async function pendingState(
  api: ApiClient,
  pending: PendingCreates,
  reference: string,
  call: CallOptions,
  resolution: CreateResolution = {},
  running = false,
): Promise<PendingState> {
  const entry = await pending.get(reference);
  if (!entry) return { state: 'none' };
  const clock = resolution.clock ?? realClock;
  const until = Date.parse(entry.sentAt) + (resolution.windowMs ?? WINDOW_MS);
  const checking = (problem?: string): PendingState => ({
    state: 'checking',
    sentAt: entry.sentAt,
    checkUntil: new Date(until).toISOString(),
    ...(problem ? { problem } : {}),
  });
  if (running) return checking();
  try {
    const found = await findByReference(api, entry.order as OrderRequest, reference, call);
    if (found) {
      await pending.clear(reference);
      return { state: 'created', sentAt: entry.sentAt, order: found };
    }
  } catch (error) {
    if (!isBridgeFailure(error) || isCreatedButUnreadable(error)) throw error;
    if (error.error.code === 'cancelled') throw error;
    return checking(error.message);
  }
  if (clock.now() < until) return checking();
  await pending.clear(reference);
  return { state: 'not_created', sentAt: entry.sentAt };
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

interface Found {
  order?: Order;
  /** Whether the last lookup was answered (so "absent" is known, not guessed). */
  answered: boolean;
  problem?: BridgeFailure;
}

/**
 * Looks the order up with backoff until it shows, or `until` (by the create clock) has passed;
 * the last lookup is made at or after `until`, so "absent" means absent after the window.
 */
async function waitForOrder(
  api: ApiClient,
  bodies: OrderRequest[],
  reference: string,
  call: CallOptions,
  options: CreateResolution & { clock: CreateClock; until: number },
): Promise<Found> {
  const { clock, until } = options;
  const maxDelay = options.maxDelayMs ?? 10_000;
  let delay = options.firstDelayMs ?? 500;
  let answered = false;
  let problem: BridgeFailure | undefined;
  for (;;) {
    try {
      for (const body of bodies) {
        const order = await findByReference(api, body, reference, call);
        if (order) return { order, answered: true };
      }
      answered = true;
    } catch (error) {
      // Anything but a typed failure is a bug: not something to wait out.
      if (!isBridgeFailure(error) || isCreatedButUnreadable(error)) throw error;
      if (error.error.code === 'cancelled') throw cancelledAfterSend();
      problem = error;
      answered = false;
    }
    const left = until - clock.now();
    if (left <= 0) return problem && !answered ? { answered, problem } : { answered };
    try {
      await clock.sleep(Math.min(delay, left), call.signal);
    } catch {
      throw cancelledAfterSend();
    }
    delay = Math.min(maxDelay, delay * 2);
  }
}

/**
 * What to search by: the body as it was sent (its recipient is what the service knows), then
 * the draft as it is now if the person changed the recipient since.
 */
function lookupBodies(earlier: PendingCreate, now: OrderRequest): OrderRequest[] {
  const sent = earlier.order as OrderRequest;
  return sent.recipient_name === now.recipient_name ? [sent] : [sent, now];
}

function notCreated(cause: BridgeFailure): BridgeFailure {
  // The last lookup, made after a window well past the time the create could take, answered
  // and found nothing: it was not created.
  const status = cause.error.status;
  return new BridgeFailure(
    status !== undefined && status >= 500
      ? 'server_error'
      : /in time/.test(cause.message)
        ? 'timeout'
        : 'network',
    `The order was not created (${reasonOf(cause)}). Nothing was saved; send it again.`,
    status === undefined ? {} : { status },
  );
}

function unknownOutcome(reason: string): BridgeFailure {
  return new BridgeFailure(
    'outcome_unknown',
    `Packbench could not ask the service whether the order was created (${reason}). ` +
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
