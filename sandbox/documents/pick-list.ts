/**
 * The pick list: what to take from the shelves for one order, sorted by SKU (bins are
 * usually slotted by SKU, so the walk follows the list), with a tick box per line.
 */
import type { Order } from './api-types';
import type { DocumentSpec } from './document-pdf';
import {
  formatKg,
  formatQty,
  orderLines,
  orderTitle,
  orderWeightKg,
  sumKnown,
} from './order-items';
import { shipToLines } from './order-parties';
import { orderMetaRows } from './order-summary';
import { lineOf } from './text-sanitize';

export type BinLookup = (sku: string) => string | undefined;

const bySku = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function pickListSpec(order: Order, binFor?: BinLookup): DocumentSpec {
  const lines = orderLines(order).sort((a, b) => bySku.compare(a.sku, b.sku));
  const units = sumKnown(lines.map((l) => l.qty));
  const weight = orderWeightKg(order, lines);
  const note = lineOf(order.note);
  return {
    title: 'PICK LIST',
    meta: [...orderMetaRows(order), ['Lines', String(lines.length)]],
    parties: [{ heading: 'SHIP TO', lines: shipToLines(order) }],
    columns: [
      { title: 'OK', share: 0.06, align: 'center', checkbox: true },
      { title: 'BIN', share: 0.14 },
      { title: 'SKU', share: 0.18 },
      { title: 'ITEM', share: 0.4 },
      { title: 'QTY', share: 0.08, align: 'right' },
      { title: 'UNIT KG', share: 0.14, align: 'right' },
    ],
    rows: lines.map((l) => [
      '',
      (l.sku && binFor?.(l.sku)) || '-',
      l.sku || '-',
      l.name || '-',
      formatQty(l.qty),
      l.weightKg === null ? '-' : l.weightKg.toFixed(3),
    ]),
    emptyText: 'This order lists no items to pick.',
    totals: [
      { label: 'Units', value: formatQty(units), bold: true },
      { label: 'Weight', value: formatKg(weight) },
    ],
    notes: note ? [`Note: ${note}`] : [],
    signatures: ['Picked by', 'Checked by'],
    footer: `Pick list ${orderTitle(order)}`,
  };
}
