/**
 * The API objects the documents are drawn from, named once. They are the generated OpenAPI
 * types, so a field renamed in the spec breaks the build here rather than printing blanks.
 */
import type { components } from '../../shared/api/schema.gen';
import type { Order, OrderShipment, ReturnRequest, ShipmentDetail } from '../data/types';

export type { Order, OrderShipment, ReturnRequest, ShipmentDetail };

type S = components['schemas'];
export type ShipmentContact = S['ShipmentContact'];
export type Address = S['Address'];
export type Package = S['Package'];
export type ReturnRequestLine = S['ReturnRequestLine'];

/** The sender printed on order labels and documents: the account's default location. */
export interface ShipFrom {
  name: string;
  address1: string;
  city: string;
  postal_code: string;
  country: string;
}

/** One label page: an order's shipment, sent from `shipFrom`. */
export interface LabelInput {
  order: Order;
  shipment: OrderShipment;
  shipFrom: ShipFrom;
}
