/** The sandbox's shipping area: shipments and tracking events derived from the orders' labels. */
export { buildShipping, FIRST_EVENT_ID, FIRST_PACKAGE_ID } from './shipping-store';
export { WAREHOUSES, warehouseFor } from './warehouses';
