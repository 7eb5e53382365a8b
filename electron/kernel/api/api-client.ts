/**
 * The typed API client, keyed by operation id: a call names the operation and passes its
 * parameters; the method and path template come from the OpenAPI description
 * (shared/api/openapi-validator.ts) and the types of the parameters and the answer from the
 * generated types (operation-types.ts), so a handler cannot pair an id with another path.
 *
 * ```ts
 * const api = createApiClient({ baseUrl, apiKey: () => key, limiter });
 * const order = await api.json('orders_retrieve', { path: { id } }, { priority: 'interactive', signal });
 * ```
 *
 * Over the HTTP transport (limiter, retries, key), it adds:
 * - the address, with every id encoded as one path segment or refused (operation-url.ts);
 * - error statuses as typed BridgeFailures (api-errors.ts);
 * - tolerant reading: the content type must be one the operation documents, and a JSON body
 *   must fit the operation's schema in the tolerant reading; anything else is 'bad_response',
 *   never a crash. Paged lists are checked row by row (page-check.ts): a bad row is set aside
 *   and reported, never the whole page.
 *
 * No generic OpenAPI client (openapi-fetch) underneath: the transport already does what one
 * adds (headers, fetch, body reading), path parameters need the checks above, and wrapping
 * answers back into Response objects for it cost a copy of every page.
 */
import {
  mediaTypeMatches,
  type OperationInfo,
  openApiValidator,
  problemLines,
} from '@shared/api/openapi-validator';
import { keepSourceText } from '../dispatch/result-json';
import { isBridgeFailure } from '../failure';
import { badResponse, cancelledFailure, httpFailure } from './api-errors';
import {
  type Answer,
  type BodyReading,
  createHttpTransport,
  type HttpTransport,
  type SendOptions,
  type TransportOptions,
} from './http-transport';
import type { AccountLimiter, Priority } from './limiter';
import type {
  AnyRequest,
  BinaryOperation,
  JsonOf,
  JsonOperation,
  OperationId,
  PagedOperation,
  RequestOf,
} from './operation-types';
import { operationUrl } from './operation-url';
import { type CheckedPage, checkPage, type PageReading } from './page-check';

export type { OperationId } from './operation-types';

export interface CallOptions {
  priority: Priority;
  signal?: AbortSignal;
  /** 'streamed': a JSON body handed on unread (jsonStream). */
  reading?: BodyReading;
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

/** The pauses between retries of a failed request (tests shorten them). */
export type ApiRetryDelays = Pick<ApiClientOptions, 'minRetryDelayMs' | 'maxRetryDelayMs'>;

export class ApiClient {
  private readonly transport: HttpTransport;

  constructor(options: ApiClientOptions) {
    this.transport = createHttpTransport(options);
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  get limiter(): AccountLimiter {
    return this.transport.limiter;
  }

  /** A JSON operation: its body checked against the schema. */
  async json<K extends JsonOperation>(
    operationId: K,
    request: RequestOf<K>,
    call: CallOptions,
  ): Promise<JsonOf<K>> {
    const { value, status } = await this.jsonAnswer(operationId, request, call);
    const validate = openApiValidator('tolerant').response(operationId, status);
    if (validate && !validate(value)) {
      throw badResponse(problemLines(validate.errors).slice(0, 3).join('; '), status);
    }
    return value as JsonOf<K>;
  }

  /**
   * A page of a list: the envelope checked as a whole (no `results` array, a count that is not
   * a number: the page fails), each row alone (a bad row is set aside and reported in
   * `rejectedRows`), a count that contradicts the rows passed on with a flag. `reading: 'ids'`
   * checks only each row's id, for callers that keep nothing else.
   */
  async page<K extends PagedOperation>(
    operationId: K,
    request: RequestOf<K>,
    call: CallOptions,
    reading: PageReading = 'rows',
  ): Promise<CheckedPage<JsonOf<K>>> {
    const { value, status } = await this.jsonAnswer(operationId, request, call);
    const page = (request.query as { page?: number } | undefined)?.page ?? 1;
    return checkPage(operationId, status, value, { page, reading }) as unknown as CheckedPage<
      JsonOf<K>
    >;
  }

  /** A binary operation: the body unread. */
  async stream<K extends BinaryOperation>(
    operationId: K,
    request: RequestOf<K>,
    call: CallOptions,
  ): Promise<StreamedAnswer> {
    return this.unread(operationId, request, call);
  }

  /**
   * A JSON operation's body unread, for a caller that parses it as it arrives (list-stream.ts)
   * and checks each element itself.
   */
  async jsonStream<K extends JsonOperation>(
    operationId: K,
    request: RequestOf<K>,
    call: CallOptions,
  ): Promise<StreamedAnswer> {
    return this.unread(operationId, request, { ...call, reading: 'streamed' });
  }

  private async unread(
    operationId: OperationId,
    request: AnyRequest,
    call: CallOptions,
  ): Promise<StreamedAnswer> {
    const answer = await this.send(operationId, request, call);
    const body = answer.kind === 'stream' ? answer.body : null;
    let contentType: string;
    try {
      contentType = checkContentType(operationId, answer);
    } catch (error) {
      // Let go of the connection now rather than when the idle timeout fires.
      await body?.cancel().catch(() => {});
      throw error;
    }
    if (!body) throw badResponse('an empty answer', answer.status);
    const length = Number(answer.header('Content-Length') ?? Number.NaN);
    return {
      body,
      contentType,
      disposition: answer.header('Content-Disposition'),
      length: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
    };
  }

  /**
   * A file an answer links to (a product's `image`) at the connection's own address, through
   * the transport (key, limiter, retries; the transport refuses any other origin, so the key
   * never goes elsewhere). An error status is a typed failure, as for an operation. Handed on
   * as a Response, the shape product pictures from other addresses come in.
   */
  async linked(url: URL, call: CallOptions): Promise<Response> {
    const answer = await this.through(url, { method: 'GET', reading: 'streamed' }, call);
    const body = answer.kind === 'stream' ? answer.body : null;
    if (answer.status < 200 || answer.status >= 300) {
      await body?.cancel().catch(() => {});
      throw httpFailure(answer.status, '');
    }
    const headers = new Headers();
    for (const name of ['Content-Type', 'Content-Length']) {
      const value = answer.header(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(body, { status: answer.status, headers });
  }

  private async jsonAnswer(
    operationId: OperationId,
    request: AnyRequest,
    call: CallOptions,
  ): Promise<{ value: unknown; status: number }> {
    const answer = await this.send(operationId, request, call);
    const { status } = answer;
    if (answer.kind === 'stream') await answer.body?.cancel().catch(() => {});
    checkContentType(operationId, answer);
    if (answer.kind !== 'json' || answer.value === undefined) {
      throw badResponse('an empty answer', status);
    }
    // Handed on unchanged, the value can be written back as this very text (result-json.ts).
    keepSourceText(answer.value, answer.text);
    return { value: answer.value, status };
  }

  /** An operation's answer; an error status as a typed failure. */
  private async send(
    operationId: OperationId,
    request: AnyRequest,
    call: CallOptions,
  ): Promise<Answer> {
    const op = operation(operationId);
    // The transport's base, checked when it was made ('insecure_url' if it failed).
    const url = operationUrl(this.transport.base(), op, request);
    const answer = await this.through(
      url,
      {
        method: op.method.toUpperCase(),
        body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      },
      call,
    );
    if (answer.status < 200 || answer.status >= 300) {
      const body =
        answer.kind === 'json' ? (answer.value ?? answer.text) : await streamText(answer.body);
      throw httpFailure(answer.status, body);
    }
    return answer;
  }

  /** Through the transport at the call's priority; a cancelled call is a typed failure. */
  private async through(
    url: URL,
    send: Pick<SendOptions, 'method' | 'body' | 'reading'>,
    call: CallOptions,
  ): Promise<Answer> {
    try {
      return await this.transport.send(url, {
        reading: call.reading,
        ...send,
        priority: call.priority,
        signal: call.signal,
      });
    } catch (error) {
      if (isBridgeFailure(error)) throw error;
      if (call.signal?.aborted) throw cancelledFailure();
      throw error;
    }
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return new ApiClient(options);
}

function operation(operationId: OperationId): OperationInfo {
  const op = openApiValidator('tolerant').operation(operationId);
  // The types allow only ids of the description; reaching this is a bug.
  if (!op) throw new Error(`No operation ${operationId} in the OpenAPI description.`);
  return op;
}

/** The answer's media type, if the operation documents it for this status; else bad_response. */
function checkContentType(
  operationId: OperationId,
  answer: { status: number; contentType: string },
): string {
  const { status, contentType: type } = answer;
  const documented = openApiValidator('tolerant').contentTypes(operationId, status);
  if (documented === undefined) {
    throw badResponse(`an undocumented status, HTTP ${status}`, status);
  }
  if (documented.length > 0 && !documented.some((d) => mediaTypeMatches(d, type))) {
    throw badResponse(
      `content of type ${type || '(none)'} instead of ${documented.join(' or ')}`,
      status,
    );
  }
  return type;
}

/** An error answer's body as text ('' when it cannot be read). */
async function streamText(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return '';
  }
}
