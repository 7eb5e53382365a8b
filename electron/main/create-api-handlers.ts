/**
 * Every API-backed bridge method, over the current connection's client. The composition
 * (create-bridge.ts) merges these with the store and console handlers.
 */

import type { InventoryHandlerDeps } from '../domains/inventory/inventory-exceptions';
import { createInventoryHandlers } from '../domains/inventory/inventory-handlers';
import { createOrderFileHandlers } from '../domains/orders/order-files-handlers';
import { createOrderHandlers, type OrderHandlerDeps } from '../domains/orders/orders-handlers';
import { createReturnHandlers } from '../domains/returns/returns-handlers';
import { createShippingHandlers } from '../domains/shipping/shipping-handlers';
import { asHandlers, type Handlers } from '../kernel/handler-types';

/** What the API-backed domains need: the kernel's ApiHandlerDeps, and the orders' and inventory's own. */
export type ApiHandlerDeps = OrderHandlerDeps & InventoryHandlerDeps;

export function createApiHandlers(deps: ApiHandlerDeps) {
  return asHandlers({
    ...createOrderHandlers(deps),
    ...createOrderFileHandlers(deps),
    ...createShippingHandlers(deps),
    ...createReturnHandlers(deps),
    ...createInventoryHandlers(deps),
  } satisfies Partial<Handlers>);
}

/** The API-backed methods' handlers (tests call them directly). */
export type ApiHandlers = ReturnType<typeof createApiHandlers>;
