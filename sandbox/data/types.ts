/**
 * The sandbox's data model. API-shaped objects are the generated OpenAPI types
 * (shared/api/schema.gen.ts) so that what the sandbox serves is checked against the spec by
 * the compiler; the compact rows beside them are what the filters scan, so that a list at
 * scale 100 (200,000 orders) never materialises more than one page of full objects.
 */
import type { OrderAttentionParam, OrderStageParam } from '../../shared/api/enums.gen';
import type {
  Order,
  OrderRequest,
  OrderShipment,
  OrderTrackingRefresh,
  ReturnRequest,
  ShipmentDetail,
  ShipmentList,
  TrackingEvent,
} from '../../shared/api/schema.gen';
import type {
  Location,
  LocationStockTotals,
  ProductStock,
  StockLevel,
} from './inventory/api-types';

export type {
  Location,
  LocationStockTotals,
  Order,
  OrderRequest,
  OrderShipment,
  OrderTrackingRefresh,
  ProductStock,
  ReturnRequest,
  ShipmentDetail,
  ShipmentList,
  StockLevel,
  TrackingEvent,
};

/** The order list's `stage` filter values: a view of an order, not a stored field. */
export type OrderStage = OrderStageParam;
/** Why an open order needs attention: the `attention` filter's values but `any`. */
export type AttentionReason = Exclude<OrderAttentionParam, 'any'>;

export interface DatasetOptions {
  seed: number;
  /** 1 = about 2,000 orders; 100 = about 200,000. */
  scale: number;
  /** The instant "now" for generated dates (start of today, UTC, unless given). */
  now: Date;
}

/** A product of the catalogue: order items and return lines use these SKUs. */
export interface CatalogProduct {
  id: number;
  sku: string;
  gtin: string | null;
  name: string;
  brand: string | null;
  vendor: string;
  is_kit: boolean;
  image: string;
  /** D(8,2) */
  unit_price: string;
  weight_kg: number;
}

/** What the order filters scan. One per order, built once; updated on create. */
export interface OrderRow {
  id: number;
  /** ISO date (YYYY-MM-DD) of `order_date` (or `created_at` when there is none), for date_after/date_before. */
  day: string;
  stage: OrderStage;
  channel: string | null;
  payment_status: string | null;
  fulfillment_status: string | null;
  /** The order's address-check status, or null when it was never checked. */
  address_status: string | null;
  /** Why an open order needs attention; empty when it does not. */
  attention: AttentionReason[];
  /** Lower-cased text that `q` searches: order number, customer, recipient, tracking numbers, address, phone, company. */
  search: string;
}

export interface OrderStore {
  /** Newest first (the list's order). */
  readonly rows: readonly OrderRow[];
  /** The full API object, or undefined for an unknown id. */
  get(id: number): Order | undefined;
  /** Stores a validated create request and returns the new order (201 body). */
  create(request: OrderRequest): Order;
  /** Queues a tracking refresh of the order's fulfillments; undefined for an unknown id. */
  refreshTracking(id: number): OrderTrackingRefresh | undefined;
  /**
   * Whether the order's answer may change by itself as time passes (a tracking refresh of it
   * is under way, its progress read from the clock): such an answer must not be kept.
   */
  changesWithTime(id: number): boolean;
  /** The address-check record of an order (shape "not shown" in the spec; see sandbox/README.md). */
  addressCheck(id: number): Record<string, unknown> | undefined;
  /**
   * The fields of `get(id)` a return is drawn from, without the rest of the order (cheaper for
   * a generated order); a store without it is read with `get`.
   */
  returnView?(id: number): OrderReturnView | undefined;
}

/** What the returns' build reads of an order: these fields of the full object, the same values. */
export type OrderReturnView = Pick<
  Order,
  | 'id'
  | 'order_name'
  | 'customer_name'
  | 'customer_email'
  | 'recipient_name'
  | 'country'
  | 'channel'
  | 'currency'
  | 'items'
  | 'created_at'
  | 'order_date'
  | 'fulfilled_at'
>;

export interface ShipmentRow {
  shipment_id: string;
  carrier: string;
  status: string;
  sla_status: string | null;
  /** Lower-cased shipment id, tracking number and recipient name. */
  search: string;
}

export interface ShipmentStore {
  readonly rows: readonly ShipmentRow[];
  list(row: ShipmentRow): ShipmentList;
  get(shipmentId: string): ShipmentDetail | undefined;
}

export interface TrackingEventRow {
  id: number;
  package: number;
  shipment_id: string;
  carrier: string;
  status: string;
  exception_code: string;
}

export interface TrackingEventStore {
  readonly rows: readonly TrackingEventRow[];
  get(id: number): TrackingEvent | undefined;
}

export interface InventoryStore {
  readonly locations: readonly Location[];
  /** One per product and location. */
  readonly levels: readonly StockLevel[];
  /**
   * The soonest expiry (ms since the epoch) at or after `now` of the batches a row of
   * `levels` holds, or null (none, or all already expired). Not a field of the row.
   */
  upcomingExpiry(row: StockLevel): number | null;
  product(productId: number): ProductStock | undefined;
  locationStock(): LocationStockTotals;
}

export interface Dataset {
  readonly options: DatasetOptions;
  readonly catalog: readonly CatalogProduct[];
  readonly orders: OrderStore;
  readonly shipments: ShipmentStore;
  readonly trackingEvents: TrackingEventStore;
  /** Newest first. */
  readonly returns: readonly ReturnRequest[];
  readonly inventory: InventoryStore;
}
