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
import { billToLines, shipFromLines, shipToLines, trackingNumbers } from './order-parties';
import { orderMetaRows, orderTotals } from './order-summary';
import { lineOf } from './text-sanitize';

export function packingSlipSpec(order: Order, shipFrom: ShipFrom): DocumentSpec {
  const lines = orderLines(order);
  const currency = currencyOf(order);
  const money = (c: number | null) => formatMoney(c, currency);
  const subtotal = cents(order.subtotal_price) ?? sumKnown(lines.map(lineCents));
  const billTo = billToLines(order);
  const totals = orderTotals(order, subtotal, {
    first: 'Subtotal',
    shipping: 'Shipping',
    total: 'Total',
  });
  const note = lineOf(order.note);
  return {
    title: 'PACKING SLIP',
    meta: [...orderMetaRows(order), ['Tracking', trackingNumbers(order).join(', ') || '-']],
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
