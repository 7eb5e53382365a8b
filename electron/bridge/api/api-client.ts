/**
 * The typed API client: openapi-fetch typed by the generated `paths`, over the HTTP transport
 * (limiter, retries, key). Handlers call the typed methods of `raw` through `json()` or
 * `stream()`, which add what openapi-fetch leaves to us:
 *
 * - the call's priority and signal (a per-call fetch that waits at that priority);
 * - error statuses as typed BridgeFailures (api-errors.ts);
 * - tolerant reading: the content type must be one the operation documents, and a JSON body
 *   must fit the operation's schema (response-contract.ts); anything else is 'bad_response',
 *   never a crash.
 *
 * ```ts
 * const api = createApiClient({ baseUrl, apiKey: () => key, limiter });
 * const order = await api.json('orders_retrieve', { priority: 'interactive', signal }, (init) =>
 *   api.raw.GET('/api/orders/{id}/', { params: { path: { id } }, ...init }),
 * );
 * ```
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../../shared/api/schema.gen';
import { checkBaseUrl } from '../../../shared/contract/url-policy';
import { BridgeFailure, isBridgeFailure } from '../failure';
import { badResponse, cancelledFailure, httpFailure } from './api-errors';
import { createHttpTransport, type HttpTransport, type TransportOptions } from './http-transport';
import type { AccountLimiter, Priority } from './limiter';
import { type OperationId, responseContract } from './response-contract';

export interface CallOptions {
  priority: Priority;
  signal?: AbortSignal;
}

/**
 * Spread into an openapi-fetch call: the call's signal and its scheduling fetch. (A type, not
 * an interface, so it fits openapi-fetch's index-signature parameter when passed alone.)
 */
export type CallInit = {
  signal?: AbortSignal;
  fetch: typeof globalThis.fetch;
};

/** The shape of an openapi-fetch answer, loosely (its own type is a union of two). */
export interface RawAnswer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** A binary answer, its body not read yet. */
export interface StreamedAnswer {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** From Content-Disposition, unchecked (see download.ts for making it safe). */
  disposition: string | null;
  /** From Content-Length, when sent. */
  length: number | undefined;
}

export type ApiClientOptions = TransportOptions;

export class ApiClient {
  /** The typed openapi-fetch client; pass `...init` from json()/stream() to every call. */
  readonly raw: Client<paths>;
  private readonly transport: HttpTransport;

  constructor(options: ApiClientOptions) {
    this.transport = createHttpTransport(options);
    this.raw = createClient<paths>({
      baseUrl: this.transport.baseUrl,
      fetch: this.transport.fetchAt('interactive'),
    });
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  get limiter(): AccountLimiter {
    return this.transport.limiter;
  }

  /** A JSON operation: its body checked against the schema, typed by openapi-fetch. */
  async json<D>(
    operationId: OperationId,
    call: CallOptions,
    send: (init: CallInit) => Promise<RawAnswer<D>>,
  ): Promise<D> {
    const { data, response } = await this.answer(call, send);
    const status = response.status;
    checkContentType(operationId, response);
    if (data === undefined) throw badResponse('an empty answer', status);
    const problems = responseContract().problems(operationId, status, data);
    if (problems.length > 0) throw badResponse(problems.slice(0, 3).join('; '), status);
    return data;
  }

  /** A binary operation (call openapi-fetch with `parseAs: 'stream'`): the body unread. */
  async stream(
    operationId: OperationId,
    call: CallOptions,
    send: (init: CallInit) => Promise<RawAnswer<ReadableStream<Uint8Array> | null>>,
  ): Promise<StreamedAnswer> {
    const { data, response } = await this.answer(call, send);
    let contentType: string;
    try {
      contentType = checkContentType(operationId, response);
    } catch (error) {
      // Let go of the connection now rather than when the idle timeout fires.
      await data?.cancel().catch(() => {});
      throw error;
    }
    if (!data) throw badResponse('an empty answer', response.status);
    const length = Number(response.headers.get('Content-Length'));
    return {
      body: data,
      contentType,
      disposition: response.headers.get('Content-Disposition'),
      length: Number.isFinite(length) && length >= 0 ? length : undefined,
    };
  }

  private async answer<D>(
    call: CallOptions,
    send: (init: CallInit) => Promise<RawAnswer<D>>,
  ): Promise<RawAnswer<D>> {
    // Checked here too (the transport checks before sending): an address that is not a URL
    // at all would otherwise fail inside openapi-fetch, as an untyped error.
    const verdict = checkBaseUrl(this.transport.baseUrl);
    if (!verdict.ok) throw new BridgeFailure('insecure_url', verdict.reason);
    let answer: RawAnswer<D>;
    try {
      answer = await send({ signal: call.signal, fetch: this.transport.fetchAt(call.priority) });
    } catch (error) {
      if (isBridgeFailure(error)) throw error;
      if (call.signal?.aborted) throw cancelledFailure();
      // openapi-fetch parses a 2xx body as JSON itself: a non-JSON body lands here.
      if (error instanceof SyntaxError) throw badResponse('an answer that is not JSON');
      throw error;
    }
    if (!answer.response.ok) throw httpFailure(answer.response.status, answer.error);
    return answer;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return new ApiClient(options);
}

/** The answer's media type, if the operation documents it for this status; else bad_response. */
function checkContentType(operationId: OperationId, response: Response): string {
  const header = response.headers.get('Content-Type');
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  const documented = responseContract().contentTypes(operationId, response.status);
  if (documented === undefined) {
    throw badResponse(`an undocumented status, HTTP ${response.status}`, response.status);
  }
  if (documented.length > 0 && !documented.some((d) => mediaTypeMatches(d, type))) {
    throw badResponse(
      `content of type ${type || '(none)'} instead of ${documented.join(' or ')}`,
      response.status,
    );
  }
  return type;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  const d = documented.toLowerCase();
  if (d === actual || d === '*/*') return true;
  return d.endsWith('/*') && actual.startsWith(d.slice(0, -1));
}
