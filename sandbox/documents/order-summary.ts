/**
 * What the order documents share in their header and money summary: the order's identifying
 * rows (number, date, channel, shipping method) and the totals block (a first line, the
 * discount when there is one, shipping, tax, the bold total), each document naming its lines.
 */
import type { Order } from './api-types';
import type { DocumentSpec } from './document-pdf';
import { cents, currencyOf, formatMoney, orderTitle } from './order-items';
import { orderDate } from './order-parties';
import { lineOf } from './text-sanitize';

/** The header rows every order document opens with; a document adds its own after them. */
export function orderMetaRows(order: Order): DocumentSpec['meta'] {
  return [
    ['Order', orderTitle(order)],
    ['Order date', orderDate(order)],
    ['Channel', lineOf(order.channel) || '-'],
    ['Shipping', lineOf(order.delivery_method) || '-'],
  ];
}

/** The names a document gives its totals' lines ("Subtotal" or "Value of goods", …). */
export interface TotalsLabels {
  first: string;
  shipping: string;
  total: string;
}

/** An order's money in the order's currency, `firstCents` on the first line. */
export function orderTotals(
  order: Order,
  firstCents: number | null,
  labels: TotalsLabels,
): DocumentSpec['totals'] {
  const money = (c: number | null) => formatMoney(c, currencyOf(order));
  const discount = cents(order.discount_amount);
  const totals: DocumentSpec['totals'] = [{ label: labels.first, value: money(firstCents) }];
  if (discount !== null && discount !== 0) {
    totals.push({ label: 'Discount', value: money(-Math.abs(discount)) });
  }
  totals.push(
    { label: labels.shipping, value: money(cents(order.total_shipping)) },
    { label: 'Tax', value: money(cents(order.total_tax)) },
    { label: labels.total, value: money(cents(order.total_amount)), bold: true },
  );
  return totals;
}
