/** The people and places on an order's documents, and the order facts every document shows. */
import { postalLines, presentLines } from './address-lines';
import type { Order, ShipFrom } from './api-types';
import { lineOf } from './text-sanitize';

/** The sender when the caller names none: the sandbox's own warehouse. */
export const DEFAULT_SHIP_FROM: ShipFrom = {
  name: 'Packbench Fulfilment',
  address1: 'Waalhaven Zuidzijde 21',
  city: 'Rotterdam',
  postal_code: '3089 JH',
  country: 'NL',
};

export function shipFromLines(from: ShipFrom): string[] {
  return [
    ...presentLines(from.name, from.address1),
    ...postalLines({ city: from.city, postcode: from.postal_code, country: from.country }),
  ];
}

export function shipToLines(order: Order, withContact = false): string[] {
  const lines = [
    ...presentLines(order.recipient_name, order.company, order.address1, order.address2),
    ...postalLines({
      city: order.city,
      province: lineOf(order.province_code) || lineOf(order.province_name),
      postcode: order.postal_code,
      country: order.country,
    }),
  ];
  if (withContact) lines.push(...presentLines(order.phone, order.customer_email));
  return lines;
}

/** The billing address (free-form in the spec), or null when it has nothing printable. */
export function billToLines(order: Order): string[] | null {
  const b = order.billing_address;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return null;
  const a = b as Record<string, unknown>;
  const name =
    lineOf(a.name) || [lineOf(a.first_name), lineOf(a.last_name)].filter(Boolean).join(' ');
  const lines = [
    ...presentLines(name, a.company, a.address1, a.address2),
    ...postalLines({
      city: a.city,
      province: lineOf(a.province_code) || lineOf(a.province),
      postcode: a.zip,
      country: lineOf(a.country_code) || lineOf(a.country),
    }),
  ];
  return lines.length > 0 ? lines : null;
}

/** The order's date (YYYY-MM-DD): when it was placed, else when it was created. */
export function orderDate(order: Order): string {
  return (lineOf(order.order_date) || lineOf(order.created_at)).slice(0, 10);
}

/** Tracking numbers of the order's shipments, in order, without blanks. */
export function trackingNumbers(order: Order): string[] {
  const shipments = Array.isArray(order.shipments) ? order.shipments : [];
  return shipments.map((s) => lineOf(s.tracking_number)).filter((t) => t !== '');
}
