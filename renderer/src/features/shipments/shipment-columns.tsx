/**
 * The shipments grid's columns: label, width and one cell renderer over the compact row
 * (SHIPMENT_CELLS), called by the grid's memoised rows directly. At 100,000 rows the grid
 * renders only the rows entering the view, so cells need no per-render row model (a TanStack
 * Table instance here only ever gave back these constants). Sorting is the view's own
 * (shipment-filters.ts).
 */
import type { ReactNode } from 'react';
import type { Formatters } from '../format/formatters';
import { type BadgeTone, StatusBadge } from '../orders/status-badge';
import { REASON_LABELS, SLA_LABELS, SORT_COLUMNS, type SortColumn } from './shipment-filters';
import type { ShipmentRow } from './shipment-rows';

export const SLA_TONES: Record<string, BadgeTone> = { MET: 'ok', MISS: 'danger', PND: 'warn' };

export function shipmentStatusTone(status: string): BadgeTone {
  if (status === 'completed') return 'ok';
  if (status === 'action_required') return 'danger';
  if (status === 'fulfilling') return 'info';
  return 'warn';
}

/**
 * What cells need besides the row: the locale's formatters, taken once by the grid. Cells
 * use no hooks, so mounting the rows that scroll into view subscribes to nothing.
 */
export interface CellContext {
  format: Formatters;
  percent: Intl.NumberFormat;
}

export function cellContext(format: Formatters): CellContext {
  return { format, percent: new Intl.NumberFormat(format.locale, { style: 'percent' }) };
}

const plain = (v: string) => (v === '' ? <span className="text-muted">—</span> : v);

export const COLUMN_LABELS: Record<SortColumn, string> = {
  id: 'Shipment',
  createdMs: 'Created',
  carrier: 'Carrier',
  service: 'Service',
  tracking: 'Tracking number',
  status: 'Status',
  sla: 'SLA',
  missProb: 'SLA miss risk',
  reason: 'Selection reason',
  recipient: 'Recipient',
  destination: 'Destination',
  packages: 'Packages',
};

export const COLUMN_SIZES: Record<SortColumn, number> = {
  id: 190,
  createdMs: 190,
  carrier: 110,
  service: 110,
  tracking: 170,
  status: 170,
  sla: 90,
  missProb: 110,
  reason: 130,
  recipient: 170,
  destination: 150,
  packages: 90,
};

export const SHIPMENT_CELLS: Record<SortColumn, (r: ShipmentRow, c: CellContext) => ReactNode> = {
  // A link too (out of the Tab order: the row is the one stop), so a click opens it. A plain
  // anchor on the hash route: a router Link per row would subscribe to the location each.
  id: (r) => (
    <a
      href={`#/shipments/${encodeURIComponent(r.id)}`}
      tabIndex={-1}
      className="font-mono text-xs underline"
    >
      {r.id}
    </a>
  ),
  createdMs: (r, c) => c.format.dateTime(r.createdAt),
  carrier: (r) => plain(r.carrier),
  service: (r) => plain(r.service),
  tracking: (r) => <span className="font-mono text-xs">{plain(r.tracking)}</span>,
  status: (r) => <StatusBadge value={r.status} tone={shipmentStatusTone(r.status)} />,
  sla: (r) => (
    <StatusBadge
      value={r.sla}
      label={SLA_LABELS[r.sla] ?? r.sla}
      tone={SLA_TONES[r.sla] ?? 'neutral'}
    />
  ),
  missProb: (r, c) => (r.missProb === null ? plain('') : c.percent.format(r.missProb)),
  reason: (r) => (r.reason === '' ? plain('') : (REASON_LABELS[r.reason] ?? r.reason)),
  recipient: (r) => plain(r.recipient),
  destination: (r) => plain(r.destination),
  packages: (r, c) => c.format.number(r.packages),
};

/** The grid's width: every column's, side by side. */
export const GRID_WIDTH = SORT_COLUMNS.reduce((sum, id) => sum + COLUMN_SIZES[id], 0);
