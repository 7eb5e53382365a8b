/**
 * Test fixtures shared by the dispatcher's and the transports' tests: a handlers table whose
 * every handler echoes what it was given. The valid arguments of each method are the domains'
 * samples (electron/test-support/valid-args.ts).
 */
import type { CallContext, Handlers } from '../handler-types';

export interface EchoCall {
  method: string;
  args: unknown;
  ctx: CallContext;
}

/** Every handler answers `{ echo: method, args }` and records the call. */
export function echoHandlers(calls: EchoCall[] = []): Handlers {
  return new Proxy({} as Handlers, {
    get(_target, method) {
      if (typeof method !== 'string') return undefined;
      return async (args: unknown, ctx: CallContext) => {
        calls.push({ method, args, ctx });
        return { echo: method, args };
      };
    },
  });
}
