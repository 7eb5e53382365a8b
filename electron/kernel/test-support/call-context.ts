import type { CallContext } from '../handler-types';

/** A call context as the dispatcher gives one: its own signal, no progress kept. */
export function callContext(signal: AbortSignal = new AbortController().signal): CallContext {
  return { signal, operationId: undefined, progress: () => {} };
}
