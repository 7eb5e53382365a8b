/**
 * Bridge Results as TanStack Query wants them: a value, or a thrown BridgeCallError that
 * carries the bridge's typed error (code, message, status) for the views to show and for the
 * retry policy to judge.
 */
import type {
  ArgsOf,
  BridgeMethod,
  BridgeResult,
  ResultOf,
} from '../../../shared/contract/bridge-contract';
import type { BridgeError, BridgeErrorCode } from '../../../shared/contract/bridge-error';
import type { PackbenchClient } from '../bridge';

export class BridgeCallError extends Error {
  constructor(
    readonly method: BridgeMethod,
    readonly error: BridgeError,
  ) {
    super(error.message);
    this.name = 'BridgeCallError';
  }

  get code(): BridgeErrorCode {
    return this.error.code;
  }
}

/** Calls one bridge method; resolves to its value or rejects with a BridgeCallError. */
export async function callBridge<M extends BridgeMethod>(
  client: PackbenchClient,
  method: M,
  args: ArgsOf<M>,
): Promise<ResultOf<M>> {
  // The client's methods are one mapped type; TypeScript cannot pick one member by a generic
  // key, so the call is typed by hand (the contract test keeps names and types in step).
  const call = client[method] as unknown as (a: ArgsOf<M>) => Promise<BridgeResult<M>>;
  const result = await call(args);
  if (!result.ok) throw new BridgeCallError(method, result.error);
  return result.value as ResultOf<M>;
}

/**
 * Errors another try may cure: the network, a timeout, a server fault, a rate limit that
 * outlasted the bridge's own waiting. Everything else (a refused key, bad input, no
 * connection, not found) answers the same on every try, so it is shown at once.
 */
const TRANSIENT: ReadonlySet<BridgeErrorCode> = new Set([
  'network',
  'timeout',
  'server_error',
  'rate_limited',
]);

export function isTransient(error: unknown): boolean {
  return error instanceof BridgeCallError && TRANSIENT.has(error.code);
}

/** Errors that mean "the API (or the host) is not answering", for the unreachable banner. */
const UNREACHABLE: ReadonlySet<BridgeErrorCode> = new Set(['network', 'timeout', 'server_error']);

export function isUnreachable(error: unknown): error is BridgeCallError {
  return error instanceof BridgeCallError && UNREACHABLE.has(error.code);
}

/** A sentence for any error a query or mutation may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof BridgeCallError) return error.error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
