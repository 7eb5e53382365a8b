/**
 * One valid argument object per contract method, gathered from each domain's samples
 * (electron/domains/<domain>/<domain>-samples.ts). Typed: a method without a sample does not
 * compile here, and electron/main/method-samples.test.ts names it.
 */
import type { ArgsOf, BridgeMethod } from '@shared/contract/bridge-contract';
import { CONNECTIONS_SAMPLES } from '../domains/connections/connections-samples';
import { FILES_SAMPLES } from '../domains/files/files-samples';
import { FLOOR_SAMPLES } from '../domains/floor/floor-samples';
import { INVENTORY_SAMPLES } from '../domains/inventory/inventory-samples';
import { LABELS_SAMPLES } from '../domains/labels/labels-samples';
import { ORDERS_SAMPLES } from '../domains/orders/orders-samples';
import { PACKING_SAMPLES } from '../domains/packing/packing-samples';
import { PRINTING_SAMPLES } from '../domains/printing/printing-samples';
import { RETURNS_SAMPLES } from '../domains/returns/returns-samples';
import { REVIEWS_SAMPLES } from '../domains/reviews/reviews-samples';
import { SHIPPING_SAMPLES } from '../domains/shipping/shipping-samples';

/** Every domain's samples, by domain (the coverage test reads where each one is). */
export const SAMPLES_BY_DOMAIN = {
  connections: CONNECTIONS_SAMPLES,
  files: FILES_SAMPLES,
  floor: FLOOR_SAMPLES,
  inventory: INVENTORY_SAMPLES,
  labels: LABELS_SAMPLES,
  orders: ORDERS_SAMPLES,
  packing: PACKING_SAMPLES,
  printing: PRINTING_SAMPLES,
  returns: RETURNS_SAMPLES,
  reviews: REVIEWS_SAMPLES,
  shipping: SHIPPING_SAMPLES,
} as const;

export const VALID_ARGS: { [M in BridgeMethod]: ArgsOf<M> } = {
  ...CONNECTIONS_SAMPLES,
  ...FILES_SAMPLES,
  ...FLOOR_SAMPLES,
  ...INVENTORY_SAMPLES,
  ...LABELS_SAMPLES,
  ...ORDERS_SAMPLES,
  ...PACKING_SAMPLES,
  ...PRINTING_SAMPLES,
  ...RETURNS_SAMPLES,
  ...REVIEWS_SAMPLES,
  ...SHIPPING_SAMPLES,
};
