/**
 * The commercial invoice that goes with a parcel across a border: exporter, importer, each
 * line's tariff code, origin, value and weight, the totals, and the exporter's declaration.
 */
import { countryName } from './address-lines';
import type { Order, ShipFrom } from './api-types';
import type { DocumentSpec } from './document-pdf';
import {
  currencyOf,
  formatKg,
  formatMoney,
  formatQty,
  lineCents,
  orderLines,
  orderTitle,
  orderWeightKg,
  sumKnown,
} from './order-items';
import { orderDate, shipFromLines, shipToLines, trackingNumbers } from './order-parties';
import { orderTotals } from './order-summary';
import { lineOf } from './text-sanitize';

/**
 * Sandbox data has no tariff classification, so lines without an `hs_code` get a stable
 * placeholder picked from common consumer-goods headings by their SKU. The invoice says so.
 */
const PLACEHOLDER_HS = [
  '6109.10',
  '6204.62',
  '4202.92',
  '6403.99',
  '3304.99',
  '9503.00',
  '6912.00',
  '8517.62',
];

function placeholderHs(sku: string): string {
  let h = 0;
  for (let i = 0; i < sku.length; i++) h = (h * 31 + sku.charCodeAt(i)) >>> 0;
  return `${PLACEHOLDER_HS[h % PLACEHOLDER_HS.length]}*`;
}

export function commercialInvoiceSpec(order: Order, shipFrom: ShipFrom): DocumentSpec {
  const lines = orderLines(order);
  const currency = currencyOf(order);
  const money = (c: number | null) => formatMoney(c, currency);
  const origin = shipFrom.country.toUpperCase();
  const itemsValue = sumKnown(lines.map(lineCents));
  const weight = orderWeightKg(order, lines);
  const shipments = Array.isArray(order.shipments) ? order.shipments.length : 0;
  const date = orderDate(order);
  const placeholders = lines.some((l) => l.hsCode === null);
  const totals = orderTotals(order, itemsValue, {
    first: 'Value of goods',
    shipping: 'Freight',
    total: 'Total invoice value',
  });
  totals.push({ label: 'Total gross weight', value: formatKg(weight) });
  const notes = [
    'Declaration: I declare that the information on this invoice is true and correct, and that ' +
      `the goods described above originate in ${countryName(origin)} unless stated otherwise.`,
  ];
  if (placeholders) notes.push('* Tariff code is a sandbox placeholder, not a classification.');
  return {
    title: 'COMMERCIAL INVOICE',
    meta: [
      ['Invoice no.', `CI-${order.id}`],
      ['Invoice date', date],
      ['Order', orderTitle(order)],
      ['Currency', currency || '-'],
      ['Export reason', 'Sale of goods'],
      ['Incoterms', 'DAP'],
      ['Packages', String(Math.max(1, shipments))],
      ['Tracking', trackingNumbers(order).join(', ') || '-'],
    ],
    parties: [
      { heading: 'EXPORTER / SENDER', lines: shipFromLines(shipFrom) },
      { heading: 'IMPORTER / RECEIVER', lines: shipToLines(order, true) },
    ],
    columns: [
      { title: 'DESCRIPTION', share: 0.29 },
      { title: 'SKU', share: 0.14 },
      { title: 'HS CODE', share: 0.1 },
      { title: 'ORIGIN', share: 0.07 },
      { title: 'QTY', share: 0.06, align: 'right' },
      { title: 'UNIT VALUE', share: 0.12, align: 'right' },
      { title: 'KG', share: 0.08, align: 'right' },
      { title: 'VALUE', share: 0.14, align: 'right' },
    ],
    rows: lines.map((l) => [
      l.name || '-',
      l.sku || '-',
      l.hsCode ?? placeholderHs(l.sku || l.name),
      (l.origin ?? origin).toUpperCase(),
      formatQty(l.qty),
      money(l.unitCents),
      l.qty === null || l.weightKg === null ? '-' : (l.qty * l.weightKg).toFixed(3),
      money(lineCents(l)),
    ]),
    emptyText: 'This order lists no goods.',
    totals,
    notes,
    signatures: ['Signature', 'Name and date'],
    footer: `Commercial invoice CI-${order.id} (${orderTitle(order)}) - ${lineOf(shipFrom.name)}`,
  };
}
