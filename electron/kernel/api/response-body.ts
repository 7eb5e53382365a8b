/**
 * What the transport does with an answer's body before handing it on: JSON read whole and
 * parsed once; streams watched by an idle timeout.
 */
import { BridgeFailure } from '../failure';
import { cancelledFailure, timeoutFailure } from './api-errors';
import { describeNetworkError, networkMessage } from './network-errors';

/** The abort reason of an attempt's own timeout (told apart from the caller's abort). */
export const TIMED_OUT = Symbol('timed out');

export function isJson(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON answer as read by the transport: its text and the value parsed from it once. */
export interface ReadJson {
  text: string;
  /** undefined when the text is not JSON (an error page, a cut-off body). */
  value: unknown;
}

const readBodies = new WeakMap<Response, ReadJson>();

/**
 * A JSON answer already read and parsed here (to decide on a retry while one is possible),
 * handed on with no body to read again: a page of 500 orders is close to 3 MB, and decoding,
 * re-encoding or parsing it twice costs more than everything else the client does with it.
 * The client takes the text and value with `readJsonOf`.
 */
export function parsedJsonResponse(text: string, value: unknown, from: Response): Response {
  const response = new Response(null, {
    status: from.status,
    statusText: from.statusText,
    headers: from.headers,
  });
  readBodies.set(response, { text, value });
  return response;
}

/** The text and value of a JSON answer the transport read; undefined for any other answer. */
export function readJsonOf(response: Response): ReadJson | undefined {
  return readBodies.get(response);
}

/**
 * Hands a streamed body on with an idle timeout: a download may take minutes, but not a long
 * silence. Its errors arrive as BridgeFailures ('timeout', 'cancelled', 'network').
 */
export function watchIdle(
  response: Response,
  watch: { attemptAbort: AbortController; idleMs: number; signal: AbortSignal; origin: string },
): Response {
  const { attemptAbort, idleMs, signal, origin } = watch;
  const source = response.body;
  if (!source) return response;
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => attemptAbort.abort(TIMED_OUT), idleMs);
  };
  arm();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          clearTimeout(timer);
          controller.close();
          return;
        }
        arm();
        controller.enqueue(value);
      } catch (error) {
        clearTimeout(timer);
        controller.error(
          signal.aborted
            ? cancelledFailure()
            : attemptAbort.signal.aborted
              ? timeoutFailure(Math.round(idleMs / 1000))
              : new BridgeFailure('network', networkMessage(describeNetworkError(error), origin)),
        );
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
