/**
 * The shipments grid's columns (TanStack Table v9 definitions), at module scope so the table's
 * models stay stable. Sorting is the view's own (see shipment-filters.ts: one sort of the whole
 * list per key), so the columns only say how a compact row reads.
 */
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table';
import { Link } from 'wouter';
import { useFormatters } from '../format/use-formatters';
import { type BadgeTone, StatusBadge } from '../orders/status-badge';
import { REASON_LABELS, SLA_LABELS, type SortColumn } from './shipment-filters';
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

function PercentCell({ value }: { value: number | null }) {
  const { locale } = useFormatters();
  if (value === null) return <span className="text-muted">—</span>;
  return <>{new Intl.NumberFormat(locale, { style: 'percent' }).format(value)}</>;
}

const plain = (v: string) => (v === '' ? <span className="text-muted">—</span> : v);

/** Column id → the sortable field it shows and its header. */
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

export const shipmentColumns = helper.columns([
  helper.accessor('id', {
    id: 'id',
    size: 190,
    // A link too (out of the Tab order: the row is the one stop), so a click opens it.
    cell: (c) => (
      <Link
        href={`/shipments/${encodeURIComponent(c.getValue())}`}
        tabIndex={-1}
        className="font-mono text-xs underline"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  helper.accessor('createdAt', {
    id: 'createdMs',
    size: 170,
    cell: (c) => <CreatedCell value={c.getValue()} />,
  }),
  helper.accessor('carrier', { id: 'carrier', size: 110, cell: (c) => plain(c.getValue()) }),
  helper.accessor('service', { id: 'service', size: 110, cell: (c) => plain(c.getValue()) }),
  helper.accessor('tracking', {
    id: 'tracking',
    size: 170,
    cell: (c) => <span className="font-mono text-xs">{plain(c.getValue())}</span>,
  }),
  helper.accessor('status', {
    id: 'status',
    size: 170,
    cell: (c) => <StatusBadge value={c.getValue()} tone={shipmentStatusTone(c.getValue())} />,
  }),
  helper.accessor('sla', {
    id: 'sla',
    size: 90,
    cell: (c) => (
      <StatusBadge
        value={c.getValue()}
        label={SLA_LABELS[c.getValue()] ?? c.getValue()}
        tone={SLA_TONES[c.getValue()] ?? 'neutral'}
      />
    ),
  }),
  helper.accessor('missProb', {
    id: 'missProb',
    size: 110,
    cell: (c) => <PercentCell value={c.getValue()} />,
  }),
  helper.accessor('reason', {
    id: 'reason',
    size: 130,
    cell: (c) => (c.getValue() === '' ? plain('') : (REASON_LABELS[c.getValue()] ?? c.getValue())),
  }),
  helper.accessor('recipient', { id: 'recipient', size: 170, cell: (c) => plain(c.getValue()) }),
  helper.accessor('destination', {
    id: 'destination',
    size: 150,
    cell: (c) => plain(c.getValue()),
  }),
  helper.accessor('packages', {
    id: 'packages',
    size: 90,
    cell: (c) => <NumberCell value={c.getValue()} />,
  }),
]);
