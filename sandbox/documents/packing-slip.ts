/** The packing slip: what is in the parcel, for the customer, with the order's money summary. */
import type { Order, ShipFrom } from './api-types';
import type { DocumentSpec } from './document-pdf';
import {
  cents,
  currencyOf,
  formatMoney,
  formatQty,
  lineCents,
  orderLines,
  orderTitle,
  sumKnown,
} from './order-items';
import {
  billToLines,
  orderDate,
  shipFromLines,
  shipToLines,
  trackingNumbers,
} from './order-parties';
import { lineOf } from './text-sanitize';

export function packingSlipSpec(order: Order, shipFrom: ShipFrom): DocumentSpec {
  const lines = orderLines(order);
  const currency = currencyOf(order);
  const money = (c: number | null) => formatMoney(c, currency);
  const subtotal = cents(order.subtotal_price) ?? sumKnown(lines.map(lineCents));
  const discount = cents(order.discount_amount);
  const billTo = billToLines(order);
  const totals: DocumentSpec['totals'] = [{ label: 'Subtotal', value: money(subtotal) }];
  if (discount !== null && discount !== 0) {
    totals.push({ label: 'Discount', value: money(-Math.abs(discount)) });
  }
  totals.push(
    { label: 'Shipping', value: money(cents(order.total_shipping)) },
    { label: 'Tax', value: money(cents(order.total_tax)) },
    { label: 'Total', value: money(cents(order.total_amount)), bold: true },
  );
  const note = lineOf(order.note);
  return {
    title: 'PACKING SLIP',
    meta: [
      ['Order', orderTitle(order)],
      ['Order date', orderDate(order)],
      ['Channel', lineOf(order.channel) || '-'],
      ['Shipping', lineOf(order.delivery_method) || '-'],
      ['Tracking', trackingNumbers(order).join(', ') || '-'],
    ],
    parties: [
      { heading: 'FROM', lines: shipFromLines(shipFrom) },
      { heading: 'SHIP TO', lines: shipToLines(order) },
      ...(billTo ? [{ heading: 'BILL TO', lines: billTo }] : []),
    ],
    columns: [
      { title: 'SKU', share: 0.18 },
      { title: 'ITEM', share: 0.44 },
      { title: 'QTY', share: 0.08, align: 'right' },
      { title: 'UNIT PRICE', share: 0.15, align: 'right' },
      { title: 'AMOUNT', share: 0.15, align: 'right' },
    ],
    rows: lines.map((l) => [
      l.sku || '-',
      l.name || '-',
      formatQty(l.qty),
      money(l.unitCents),
      money(lineCents(l)),
    ]),
    emptyText: 'This order lists no items.',
    totals,
    notes: note ? [`Note: ${note}`] : [],
    signatures: [],
    footer: `Packing slip ${orderTitle(order)} - thank you for your order`,
  };
}
