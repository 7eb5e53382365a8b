/**
 * What the API handlers need from the composition, and the two ways a handler schedules its
 * requests (see CallKind in the contract: what the person is looking at, or bulk work).
 */
import type { CheckedPage } from '@shared/contract/values';
import type { ApiClient, CallOptions } from '../api/api-client';
import type { JsonOf, JsonOperation, PagedOperation, RequestOf } from '../api/operation-types';
import type { CallContext } from '../handler-types';
import type { SelectedLocalStore } from '../local-store';
import type { FolderResolver } from './export-file';

export interface ApiHandlerDeps {
  /**
   * The current connection's client. The composition builds it (one AccountLimiter for the
   * whole console) and throws BridgeFailure 'no_connection' / 'no_key' itself.
   */
  client(): Promise<ApiClient>;
  /** Where exports are written when the call names no destination. */
  exportDir: string;
  /** A destination's folder by its choice id (files/folder-choices.ts); none: only exportDir. */
  folders?: FolderResolver;
  /** The clock for default export file names (tests fix it). */
  now?: () => Date;
  /** The selected connection's local store: where the last full lists are kept (kept-list.ts). */
  localStore?: SelectedLocalStore;
}

export function interactive(ctx: CallContext): CallOptions {
  return { priority: 'interactive', signal: ctx.signal };
}

export function background(ctx: CallContext): CallOptions {
  return { priority: 'background', signal: ctx.signal };
}

/** A method that is one JSON operation at the person's priority, its parameters from the call's. */
export function jsonMethod<K extends JsonOperation, A>(
  deps: ApiHandlerDeps,
  operationId: K,
  request: (args: A) => RequestOf<K>,
): (args: A, ctx: CallContext) => Promise<JsonOf<K>> {
  return async (args, ctx) =>
    (await deps.client()).json(operationId, request(args), interactive(ctx));
}

/** A method that is one page of a list (tolerant: see page-check.ts). */
export function pageMethod<K extends PagedOperation, A>(
  deps: ApiHandlerDeps,
  operationId: K,
  request: (args: A) => RequestOf<K>,
): (args: A, ctx: CallContext) => Promise<CheckedPage<JsonOf<K>>> {
  return async (args, ctx) =>
    (await deps.client()).page(operationId, request(args), interactive(ctx));
}
