/** The sandbox's orders: generated per seed and scale, materialised on demand. */
export { generatedContextOf } from './generated-orders';
export { FIRST_ORDER_ID, orderCount } from './order-plan';
export { buildOrderStore, type OrderStoreOptions } from './order-store';
export { TRACKING_STEP_MS } from './order-tracking';
export { stageOf, stageOfOrder } from './stage';
