/**
 * The shipments grid's columns. Each column is one cell renderer over the compact row
 * (SHIPMENT_CELLS), used both by the TanStack Table definitions (headers, widths) and by the
 * grid's memoised rows directly: at 100,000 rows the grid renders only the rows in view and
 * only the rows that enter the view while scrolling, so cells must not need a per-render row
 * model. Sorting is the view's own (shipment-filters.ts).
 */
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useFormatters } from '../format/use-formatters';
import { type BadgeTone, StatusBadge } from '../orders/status-badge';
import { REASON_LABELS, SLA_LABELS, SORT_COLUMNS, type SortColumn } from './shipment-filters';
import type { ShipmentRow } from './shipment-rows';

export const shipmentGridFeatures = tableFeatures({ columnSizingFeature, columnVisibilityFeature });

const helper = createColumnHelper<typeof shipmentGridFeatures, ShipmentRow>();

export const SLA_TONES: Record<string, BadgeTone> = { MET: 'ok', MISS: 'danger', PND: 'warn' };

export function shipmentStatusTone(status: string): BadgeTone {
  if (status === 'completed') return 'ok';
  if (status === 'action_required') return 'danger';
  if (status === 'fulfilling') return 'info';
  return 'warn';
}

function CreatedCell({ value }: { value: string }) {
  return <>{useFormatters().dateTime(value)}</>;
}

function NumberCell({ value }: { value: number | null }) {
  return <>{useFormatters().number(value)}</>;
}

const percentFormats = new Map<string, Intl.NumberFormat>();
function PercentCell({ value }: { value: number | null }) {
  const { locale } = useFormatters();
  if (value === null) return <span className="text-muted">—</span>;
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent' });
    percentFormats.set(locale, format);
  }
  return <>{format.format(value)}</>;
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
  createdMs: 170,
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

export const SHIPMENT_CELLS: Record<SortColumn, (r: ShipmentRow) => ReactNode> = {
  // A link too (out of the Tab order: the row is the one stop), so a click opens it.
  id: (r) => (
    <Link
      href={`/shipments/${encodeURIComponent(r.id)}`}
      tabIndex={-1}
      className="font-mono text-xs underline"
    >
      {r.id}
    </Link>
  ),
  createdMs: (r) => <CreatedCell value={r.createdAt} />,
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
  missProb: (r) => <PercentCell value={r.missProb} />,
  reason: (r) => (r.reason === '' ? plain('') : (REASON_LABELS[r.reason] ?? r.reason)),
  recipient: (r) => plain(r.recipient),
  destination: (r) => plain(r.destination),
  packages: (r) => <NumberCell value={r.packages} />,
};

export const shipmentColumns = helper.columns(
  SORT_COLUMNS.map((id) =>
    helper.display({
      id,
      size: COLUMN_SIZES[id],
      header: COLUMN_LABELS[id],
      cell: (c) => SHIPMENT_CELLS[id](c.row.original),
    }),
  ),
);
