/**
 * Every API-backed bridge method, over the current connection's client. The composition
 * (create-bridge.ts) merges these with the store and console handlers.
 */
import type { ApiMethod, HandlersFor } from '../handler-types';
import type { ApiHandlerDeps } from './api-deps';
import { createInventoryHandlers } from './inventory-handlers';
import { createOrderFileHandlers } from './order-files-handlers';
import { createOrderHandlers } from './orders-handlers';
import { createReturnHandlers } from './returns-handlers';
import { createShippingHandlers } from './shipping-handlers';

export type { ApiHandlerDeps } from './api-deps';

export function createApiHandlers(deps: ApiHandlerDeps): HandlersFor<ApiMethod> {
  return {
    ...createOrderHandlers(deps),
    ...createOrderFileHandlers(deps),
    ...createShippingHandlers(deps),
    ...createReturnHandlers(deps),
    ...createInventoryHandlers(deps),
  };
}
