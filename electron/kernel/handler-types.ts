/**
 * What implements a bridge method in the main process: a function of the validated arguments
 * and a call context, returning the result or throwing a BridgeFailure.
 */
import type { BridgeMethod, ParsedArgsOf, ResultOf } from '@shared/contract/bridge-contract';
import type { Progress } from '@shared/contract/values';

export interface CallContext {
  /** Aborted when the caller cancels (operationCancel) or the transport goes away. */
  signal: AbortSignal;
  /** The caller's id for this call's progress events and cancellation, if it gave one. */
  operationId?: string;
  /** Reports progress of long work (a no-op without an operationId). */
  progress(update: Omit<Progress, 'operationId'>): void;
}

export type Handler<M extends BridgeMethod> = (
  args: ParsedArgsOf<M>,
  ctx: CallContext,
) => Promise<ResultOf<M>>;

/**
 * Every bridge method's handler. Each domain returns its part checked with
 * `satisfies Partial<Handlers>`; the composition (main/create-bridge.ts) merges them and checks
 * the whole once with `satisfies Handlers`, so a method the contract gains and no domain
 * implements is a compile error there, and no list of method names is kept by hand.
 */
export type Handlers = { [M in BridgeMethod]: Handler<M> };
export type HandlersFor<K extends BridgeMethod> = { [M in K]: Handler<M> };

/** A domain's handlers, each typed as the contract's Handler<M> (see asHandlers). */
export type HandlersOf<H> = { [M in keyof H & BridgeMethod]: Handler<M> };

/**
 * Types a domain's handlers by the contract: `return asHandlers({ ... } satisfies
 * Partial<Handlers>)`. The `satisfies` checks each name and shape against the contract; this
 * gives every handler the contract's full signature `(args, ctx)`, where the object literal's
 * own would keep only the parameters it names (a test could not pass the context).
 */
export function asHandlers<H extends Partial<Handlers>>(handlers: H): HandlersOf<H> {
  return handlers as unknown as HandlersOf<H>;
}
