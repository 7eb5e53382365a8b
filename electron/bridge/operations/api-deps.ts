/**
 * What the API handlers need from the composition, and the two ways a handler schedules its
 * requests (see CallKind in the contract: what the person is looking at, or bulk work).
 */
import type { ApiClient, CallOptions } from '../api/api-client';
import type { CallContext } from '../handler-types';

export interface ApiHandlerDeps {
  /**
   * The current connection's client. The composition builds it (one AccountLimiter for the
   * whole console) and throws BridgeFailure 'no_connection' / 'no_key' itself.
   */
  client(): Promise<ApiClient>;
  /** Where exports are written when the call names no destination. */
  exportDir: string;
  /** The clock for default export file names (tests fix it). */
  now?: () => Date;
}

export function interactive(ctx: CallContext): CallOptions {
  return { priority: 'interactive', signal: ctx.signal };
}

export function background(ctx: CallContext): CallOptions {
  return { priority: 'background', signal: ctx.signal };
}
