/**
 * The one entry point every transport calls: an untrusted method name and arguments in, a
 * Result out. It validates against the contract, runs the handler with a call context
 * (cancellation, progress), turns whatever the handler throws into a typed error, and checks
 * that no error (and no small local value) carries a secret before it leaves the process.
 * It never throws and never rejects: a transport can forward its answer as is.
 */
import {
  type BridgeMethod,
  bridgeContract,
  isBridgeMethod,
} from '@shared/contract/bridge-contract';
import type { BridgeError } from '@shared/contract/bridge-error';
import type { Result } from '@shared/result';
import { runInCallScope } from '../call-scope';
import type { BridgeEvents } from '../events';
import { isBridgeFailure, redact } from '../failure';
import type { CallContext, Handlers } from '../handler-types';
import {
  cancelledError,
  cleanError,
  containsSecret,
  describeThrown,
  internalError,
  invalidArgumentsError,
  unknownMethodError,
} from './dispatch-errors';
import { createProgressReporter, PROGRESS_INTERVAL_MS } from './dispatch-progress';
import type { Dispatcher } from './dispatcher-types';

export interface DispatcherOptions {
  handlers: Handlers;
  events: BridgeEvents;
  /** Every secret the bridge knows right now (API keys); none may leave in an answer. */
  secrets: () => readonly string[];
  log?: (line: string) => void;
  /** Minimum gap between two progress events of one operation. */
  progressIntervalMs?: number;
}

export interface CancellableDispatcher extends Dispatcher {
  /** Aborts the running call registered under `operationId`; false when there is none. */
  cancel(operationId: string): boolean;
}

type Answer = Result<unknown, BridgeError>;
type RawHandler = (args: unknown, ctx: CallContext) => Promise<unknown>;
type Outcome = { value: unknown } | { thrown: unknown };

const ABORTED = Symbol('aborted');

export function createDispatcher(options: DispatcherOptions): CancellableDispatcher {
  const { handlers, events } = options;
  const intervalMs = options.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
  /** Running calls that gave an operationId, so operationCancel can reach them. */
  const operations = new Map<string, AbortController>();

  const secrets = (): readonly string[] => {
    try {
      const list = options.secrets();
      return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
    } catch {
      return [];
    }
  };

  const log = (line: string) => {
    try {
      options.log?.(redact(line, secrets()));
    } catch {
      // A failing log sink must not turn an answer into a crash.
    }
  };

  const cancel = (operationId: string): boolean => {
    const controller = operations.get(operationId);
    if (!controller) return false;
    controller.abort();
    return true;
  };

  async function run(method: unknown, rawArgs: unknown, signal?: AbortSignal): Promise<Answer> {
    if (!isBridgeMethod(method)) return { ok: false, error: unknownMethodError(method) };
    const spec = bridgeContract[method];
    // No arguments at all reads as "no fields", so a method that needs some names them.
    const parsed = spec.args.safeParse(rawArgs === undefined ? {} : rawArgs);
    if (!parsed.success) {
      return { ok: false, error: invalidArgumentsError(parsed.error.issues) };
    }
    const args = parsed.data as Record<string, unknown>;

    // Cancellation is the dispatcher's own business: the handlers table may hold a stub.
    if (method === 'operationCancel') {
      return { ok: true, value: { cancelled: cancel(String(args.operationId)) } };
    }

    const operationId = typeof args.operationId === 'string' ? args.operationId : undefined;
    if (operationId !== undefined && operations.has(operationId)) {
      const message = 'Another task is already running under this operation id.';
      return {
        ok: false,
        error: { code: 'invalid_arguments', message, fieldErrors: { operationId: [message] } },
      };
    }
    const handler = handlers[method] as unknown;
    if (typeof handler !== 'function') {
      log(`bridge: no handler for ${method}`);
      return { ok: false, error: internalError() };
    }
    return runHandler(method, handler as RawHandler, args, operationId, signal);
  }

  async function runHandler(
    method: BridgeMethod,
    handler: RawHandler,
    args: unknown,
    operationId: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    if (signal?.aborted) return { ok: false, error: cancelledError() };
    const controller = new AbortController();
    const onTransportAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onTransportAbort, { once: true });
    if (operationId !== undefined) operations.set(operationId, controller);
    const progress =
      operationId === undefined
        ? undefined
        : createProgressReporter(
            operationId,
            (p) => events.emit({ type: 'progress', progress: p }),
            intervalMs,
          );
    const ctx: CallContext = {
      signal: controller.signal,
      operationId,
      progress: (update) => {
        try {
          progress?.report(update);
        } catch (e) {
          log(`bridge: ${method} progress report failed: ${describeThrown(e)}`);
        }
      },
    };

    try {
      // The answer comes as soon as the call is cancelled, even if the handler is slow to
      // notice: the person pressed Cancel and should see it. A late result is dropped.
      const aborted = new Promise<typeof ABORTED>((resolve) => {
        if (controller.signal.aborted) resolve(ABORTED);
        controller.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
      });
      // An error that escapes the handler's own promise (a stream's 'error' event, a timer)
      // reaches the process guard, which ends this call with it (call-scope.ts).
      let crash: (thrown: unknown) => void = () => {};
      const crashed = new Promise<Outcome>((resolve) => {
        crash = (thrown) => resolve({ thrown });
      });
      const settled: Promise<Outcome> = Promise.resolve()
        .then(() => runInCallScope({ method, crash }, () => handler(args, ctx)))
        .then(
          (value) => ({ value }),
          (thrown) => ({ thrown }),
        );
      const outcome = await Promise.race([settled, crashed, aborted]);
      if (outcome === ABORTED) {
        void settled.then((late) => {
          if ('thrown' in late && !isExpectedFailure(late.thrown)) {
            log(`bridge: ${method} failed after it was cancelled: ${describeThrown(late.thrown)}`);
          }
        });
        return { ok: false, error: cancelledError() };
      }
      if ('value' in outcome) return { ok: true, value: outcome.value };
      return { ok: false, error: errorFor(method, outcome.thrown, controller.signal.aborted) };
    } finally {
      signal?.removeEventListener('abort', onTransportAbort);
      if (operationId !== undefined && operations.get(operationId) === controller) {
        operations.delete(operationId);
      }
      // The last progress goes out before the answer, so a bar never stops at 97%.
      progress?.close();
    }
  }

  function errorFor(method: BridgeMethod, thrown: unknown, aborted: boolean): BridgeError {
    if (aborted || isAbortError(thrown)) return cancelledError();
    if (isBridgeFailure(thrown)) return cleanError(thrown.error);
    if (isTimeoutError(thrown)) {
      return { code: 'timeout', message: 'This took too long. Try again in a moment.' };
    }
    log(`bridge: ${method} failed: ${describeThrown(thrown)}`);
    return internalError();
  }

  /** Defence in depth: the last look at an answer before it leaves the main process. */
  function guard(method: unknown, answer: Answer): Answer {
    const known = secrets();
    if (!answer.ok) {
      if (!containsSecret(JSON.stringify(answer.error), known)) return answer;
      log(`bridge: the error of ${describeMethod(method)} held a secret; sent a generic one`);
      return { ok: false, error: internalError() };
    }
    // Only the console's own (small) values are scanned; API results are large and come from
    // the API, which never sees our other secrets. JSON.stringify also proves the value can
    // cross IPC and HTTP alike.
    if (isBridgeMethod(method) && bridgeContract[method].kind === 'local') {
      const text = JSON.stringify(answer.value) ?? '';
      if (containsSecret(text, known)) {
        log(`bridge: the value of ${method} held a secret; sent an error instead`);
        return { ok: false, error: internalError() };
      }
    }
    return answer;
  }

  return {
    cancel,
    async call(method, args, signal) {
      try {
        return guard(method, await run(method, args, signal));
      } catch (e) {
        // Only a bug in the dispatcher itself lands here (or a value JSON cannot write).
        log(`bridge: dispatching ${describeMethod(method)} failed: ${describeThrown(e)}`);
        return { ok: false, error: internalError() };
      }
    },
  };
}

function describeMethod(method: unknown): string {
  return isBridgeMethod(method) ? method : 'an unknown method';
}

function errorName(thrown: unknown): unknown {
  return typeof thrown === 'object' && thrown !== null ? (thrown as { name?: unknown }).name : '';
}

function isAbortError(thrown: unknown): boolean {
  return errorName(thrown) === 'AbortError';
}

/** AbortSignal.timeout() rejects with this. */
function isTimeoutError(thrown: unknown): boolean {
  return errorName(thrown) === 'TimeoutError';
}

function isExpectedFailure(thrown: unknown): boolean {
  return isAbortError(thrown) || isBridgeFailure(thrown);
}
