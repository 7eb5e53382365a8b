/**
 * The types an order's plan is made of that its parts (order-parcels.ts) share with the plan
 * itself (order-plan.ts, which re-exports them): in a file of their own, so the parts do not
 * import the plan that imports them.
 */
import type {
  OrderStatus as ApiOrderStatus,
  FulfillmentTrackingEventsStatus,
} from '../../../shared/api/enums.gen';
import type { CatalogProduct } from '../types';
import type { CarrierCode, OutsideCarrier } from './carriers';

export interface OrderContext {
  seed: number;
  /** opts.now in ms. */
  now: number;
  count: number;
  catalog: readonly CatalogProduct[];
}

export type OrderStatus = ApiOrderStatus;
export type TrackingStatus = FulfillmentTrackingEventsStatus;
export type AddressStatus = 'valid' | 'corrected' | 'needs_review' | 'invalid' | 'unchecked';

/**
 * A parcel of the order. `label`: a label bought through the service (an embedded shipment
 * and a shipping-area shipment); `voided`: a label bought and voided (embedded shipment only);
 * `outside`: shipped outside the service (a fulfillment record only).
 */
export interface Parcel {
  k: number;
  kind: 'label' | 'voided' | 'outside';
  carrier: CarrierCode | null;
  outside: OutsideCarrier | null;
  service: string;
  /** Empty when the parcel travels untracked. */
  trackingNumber: string;
  labelAt: number;
  handedAt: number | null;
  deliveredAt: number | null;
  /** The fulfillment's tracking state; null when there is no fulfillment (not handed over). */
  tracking: TrackingStatus | null;
}
