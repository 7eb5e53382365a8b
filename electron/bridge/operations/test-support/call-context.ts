import type { CallContext } from '../../handler-types';

/** A call context as the dispatcher gives one: its own signal, no progress kept. */
export function callContext(): CallContext {
  return { signal: new AbortController().signal, operationId: undefined, progress: () => {} };
}
