/**
 * What implements a bridge method in the main process: a function of the validated arguments
 * and a call context, returning the result or throwing a BridgeFailure.
 */
import type { BridgeMethod, ParsedArgsOf, ResultOf } from '../../shared/contract/bridge-contract';
import type { Progress } from '../../shared/contract/values';
import type { InventoryMethod } from '../domains/inventory/inventory-handlers';
import type { OrderFileMethod } from '../domains/orders/order-files-handlers';
import type { OrderMethod } from '../domains/orders/orders-handlers';
import type { ReturnMethod } from '../domains/returns/returns-handlers';
import type { ShippingMethod } from '../domains/shipping/shipping-handlers';

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

export type Handlers = { [M in BridgeMethod]: Handler<M> };
export type HandlersFor<K extends BridgeMethod> = { [M in K]: Handler<M> };

/** The API-backed methods (implemented over the API client), each area listing its own. */
export type ApiMethod =
  | OrderMethod
  | OrderFileMethod
  | ShippingMethod
  | ReturnMethod
  | InventoryMethod;

/** The methods backed by the settings file and the keychain. */
export type StoreMethod =
  | 'connectionsList'
  | 'connectionSave'
  | 'connectionRemove'
  | 'connectionSelect'
  | 'keySet'
  | 'keyClear'
  | 'keyStatus'
  | 'settingsGet'
  | 'settingsUpdate';
