/**
 * Every API-backed bridge method, over the current connection's client. The composition
 * (create-bridge.ts) merges these with the store and console handlers.
 */

import { createInventoryHandlers } from '../domains/inventory/inventory-handlers';
import { createOrderFileHandlers } from '../domains/orders/order-files-handlers';
import { createOrderHandlers } from '../domains/orders/orders-handlers';
import { createReturnHandlers } from '../domains/returns/returns-handlers';
import { createShippingHandlers } from '../domains/shipping/shipping-handlers';
import type { ApiMethod, HandlersFor } from '../kernel/handler-types';
import type { ApiHandlerDeps } from '../kernel/operations/api-deps';

export type { ApiHandlerDeps } from '../kernel/operations/api-deps';

export function createApiHandlers(deps: ApiHandlerDeps): HandlersFor<ApiMethod> {
  return {
    ...createOrderHandlers(deps),
    ...createOrderFileHandlers(deps),
    ...createShippingHandlers(deps),
    ...createReturnHandlers(deps),
    ...createInventoryHandlers(deps),
  };
}
