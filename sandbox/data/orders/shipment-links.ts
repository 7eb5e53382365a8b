/**
 * How an order's embedded shipment names its shipping-area shipment (`meta.shipment_id`) and
 * its label file. Both are pure functions of the order id and parcel number, so the order and
 * the shipping area compute the same link without a lookup table.
 */
import { recordSeed } from '../seeded';

/** At most this many parcels per order (the plan makes 3). */
const PARCEL_SLOTS = 4;

/** The shipping-area id of parcel `k` of order `orderId`: "shp_" and 16 hex digits. */
export function areaShipmentId(seed: number, orderId: number, k: number): string {
  const key = orderId * PARCEL_SLOTS + k;
  const hi = recordSeed(seed, 'shipment', key).toString(16).padStart(8, '0');
  const lo = recordSeed(seed ^ 0x51ed270b, 'shipment', key)
    .toString(16)
    .padStart(8, '0');
  return `shp_${hi}${lo}`;
}

/** Path-only label URL: the server makes it absolute (the data layer knows no origin). */
export function labelPath(orderId: number, shipmentId: number): string {
  return `/media/labels/${orderId}-${shipmentId}.pdf`;
}
