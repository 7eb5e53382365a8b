/**
 * What the transport does with an answer's body besides reading it whole: the media type, a
 * tolerant parse, and streams watched by an idle timeout.
 */
import { BridgeFailure } from '../failure';
import { cancelledFailure, timeoutFailure } from './api-errors';
import { describeNetworkError, networkMessage } from './network-errors';

/** The abort reason of an attempt's own timeout (told apart from the caller's abort). */
export const TIMED_OUT = Symbol('timed out');

/** The media type of a Content-Type header, lower case, without parameters ('' for none). */
export function mediaType(contentType: string | null): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Hands a streamed body on with an idle timeout: a download may take minutes, but not a long
 * silence. Its errors arrive as BridgeFailures ('timeout', 'cancelled', 'network').
 */
export function watchIdle(
  source: ReadableStream<Uint8Array>,
  watch: { attemptAbort: AbortController; idleMs: number; signal: AbortSignal; origin: string },
): ReadableStream<Uint8Array> {
  const { attemptAbort, idleMs, signal, origin } = watch;
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => attemptAbort.abort(TIMED_OUT), idleMs);
  };
  arm();
  return new ReadableStream<Uint8Array>({
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
}
