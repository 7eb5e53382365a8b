/**
 * The shipments grid's columns over the compact row (shipment-rows.ts): label, width and one
 * cell each. The list is sorted by the view (shipment-filters.ts: an index sort over the
 * whole list, cached per sort key); the headers only say which way and ask for another sort.
 * Cells use no hooks, so mounting the rows that scroll into view subscribes to nothing.
 */
import type { Formatters } from '../../ui/format/formatters';
import { serviceWords } from '../../ui/format/service-words';
import { linkColumn } from '../../ui/list/column-factories';
import { cellMeta, listColumns, perValue } from '../../ui/list/list-columns';
import { type BadgeTone, badge } from '../orders/status-badge';
import { carrierName } from '../returns/return-words';
import { REASON_LABELS, SLA_LABELS, type SortColumn } from './shipment-filters';
import type { ShipmentRow } from './shipment-rows';

export const SLA_TONES: Record<string, BadgeTone> = { MET: 'ok', MISS: 'danger', PND: 'warn' };

export function shipmentStatusTone(status: string): BadgeTone {
  if (status === 'completed') return 'ok';
  if (status === 'action_required') return 'danger';
  if (status === 'fulfilling') return 'info';
  return 'warn';
}

/** What cells need besides the row: the locale's formatters, built once by the view. */
export interface ShipmentsMeta {
  format: Formatters;
  percent: Intl.NumberFormat;
}

export function shipmentsMeta(format: Formatters): ShipmentsMeta {
  return { format, percent: new Intl.NumberFormat(format.locale, { style: 'percent' }) };
}

/** The muted dash for none: one element, shared by every cell that shows it. */
const DASH = <span className="text-muted">—</span>;
const plain = (v: string) => (v === '' ? DASH : v);
/** The two badge columns' badges, one element per value (perValue says why). */
const statusBadge = perValue((status: string) =>
  badge(status, null, shipmentStatusTone(status), 'cell'),
);
const slaBadge = perValue((sla: string) =>
  badge(sla, SLA_LABELS[sla] ?? sla, SLA_TONES[sla] ?? 'neutral', 'cell'),
);
const meta = (table: { options: { meta?: unknown } }) => cellMeta<ShipmentsMeta>(table);
const col = listColumns<ShipmentRow>();
/** A sortable column over one field of the row (its id is the sort key). */
const field = <K extends SortColumn & keyof ShipmentRow>(id: K, header: string, size: number) =>
  ({ id, header, size }) as const;
/** A sortable column of one text field, a muted dash for none. */
const textField = (id: 'service' | 'recipient' | 'destination', header: string, size: number) =>
  col.accessor((r) => r[id], {
    ...field(id, header, size),
    cell: ({ getValue }) => plain(getValue()),
  });

export const SHIPMENT_COLUMNS = col.columns([
  linkColumn((r: ShipmentRow) => r.id, field('id', 'Shipment', 190), {
    path: (r) => `/shipments/${encodeURIComponent(r.id)}`,
    className: 'font-mono text-xs underline',
  }),
  col.accessor((r) => r.createdMs, {
    ...field('createdMs', 'Created', 205),
    sortDescFirst: true,
    cell: ({ row, table }) => meta(table).format.dateTime(row.original.createdAt),
  }),
  col.accessor((r) => r.carrier, {
    ...field('carrier', 'Carrier', 110),
    // "Carrier B", not the API's "carrier_b"; an unknown code as the API gave it.
    cell: ({ getValue }) => plain(carrierName(getValue()) ?? ''),
  }),
  col.accessor((r) => r.service, {
    ...field('service', 'Service', 110),
    // In words ("Next day"); sorted and filtered by the code still.
    cell: ({ getValue }) => plain(serviceWords(getValue()) ?? ''),
  }),
  col.accessor((r) => r.tracking, {
    ...field('tracking', 'Tracking number', 170),
    // The cell's own class, not a span inside it: one element fewer in each of the ten rows
    // a scroll frame draws (issue 34). A cut number's ellipsis is then monospace too.
    meta: { cellClass: 'font-mono text-xs' },
    cell: ({ getValue }) => plain(getValue()),
  }),
  col.accessor((r) => r.status, {
    ...field('status', 'Status', 170),
    cell: ({ getValue }) => statusBadge(getValue()),
  }),
  col.accessor((r) => r.sla, {
    ...field('sla', 'SLA', 90),
    cell: ({ getValue }) => slaBadge(getValue()),
  }),
  col.accessor((r) => r.missProb, {
    ...field('missProb', 'SLA miss risk', 110),
    sortDescFirst: true,
    cell: ({ getValue, table }) => {
      const p = getValue();
      return p === null ? plain('') : meta(table).percent.format(p);
    },
  }),
  col.accessor((r) => r.reason, {
    ...field('reason', 'Selection reason', 130),
    cell: ({ getValue }) =>
      getValue() === '' ? plain('') : (REASON_LABELS[getValue()] ?? getValue()),
  }),
  textField('recipient', 'Recipient', 170),
  textField('destination', 'Destination', 150),
  col.accessor((r) => r.packages, {
    ...field('packages', 'Packages', 90),
    cell: ({ getValue, table }) => meta(table).format.number(getValue()),
  }),
]);

export const shipmentRowId = (r: ShipmentRow) => r.id;
export const shipmentRowData = (r: ShipmentRow) => ({ 'data-shipment-id': r.id });
