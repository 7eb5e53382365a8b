/**
 * Which bridge call a piece of work belongs to, carried through every callback, timer, stream
 * event and promise it starts (AsyncLocalStorage). The process-wide guard (process-guard.ts)
 * reads it when an error escapes everything else, so the call that caused it is answered
 * with a typed error instead of hanging, and the host keeps serving.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallScope {
  /** The bridge method, for the log line. */
  method: string;
  /** Ends the call with this error (as if its handler had thrown it); later calls do nothing. */
  crash(thrown: unknown): void;
}

const scopes = new AsyncLocalStorage<CallScope>();

/** Runs `work` (and everything it starts) as part of the call `scope`. */
export function runInCallScope<T>(scope: CallScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The call the running code belongs to, if any. */
export function currentCall(): CallScope | undefined {
  return scopes.getStore();
}
