/**
 * The tracking explorer's columns: when the scan was made (also a link to it), the normalized
 * status, the package's tracking code, the carrier named in the scan, where, the carrier's
 * own code, the dwell time at a hub and the exception code.
 */
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import type { Formatters } from '../../ui/format/formatters';
import { cellMeta, listColumns, NOWRAP_COLUMN, orDash } from '../../ui/list/list-columns';
import { dwellText, eventCarrier } from './tracking-event-values';
import { TrackingStatusBadge } from './tracking-status-badge';

export type TrackingRow = Api['TrackingEvent'];

export interface TrackingMeta {
  format: Formatters;
}

const col = listColumns<TrackingRow>();

export const TRACKING_COLUMNS = col.columns([
  col.accessor((e) => e.scan_timestamp, {
    id: 'scanned',
    header: 'Scanned',
    meta: NOWRAP_COLUMN,
    cell: ({ row, getValue, table }) => (
      <Link href={`/tracking/${row.original.id}`} className="underline" tabIndex={-1}>
        {cellMeta<TrackingMeta>(table).format.dateTime(getValue())}
      </Link>
    ),
  }),
  col.accessor((e) => e.svc_normalized_status, {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => <TrackingStatusBadge status={getValue()} />,
  }),
  col.accessor((e) => e.package_tracking_code, {
    id: 'tracking',
    header: 'Tracking code',
    meta: { cellClass: 'font-mono text-xs' },
    cell: ({ getValue }) => orDash(getValue()),
  }),
  col.accessor((e) => eventCarrier(e.scan_event), {
    id: 'carrier',
    header: 'Carrier',
    cell: ({ getValue }) => orDash(getValue()),
  }),
  col.accessor((e) => e.scan_location_code, {
    id: 'location',
    header: 'Location',
    cell: ({ getValue }) => orDash(getValue()),
  }),
  col.accessor((e) => e.scan_status_code, {
    id: 'code',
    header: 'Carrier code',
    cell: ({ getValue }) => orDash(getValue()),
  }),
  col.accessor((e) => e.hub_dwell_minutes, {
    id: 'dwell',
    header: 'Dwell',
    meta: NOWRAP_COLUMN,
    cell: ({ getValue }) => dwellText(getValue()) ?? '—',
  }),
  col.accessor((e) => e.exception_code, {
    id: 'exception',
    header: 'Exception',
    cell: ({ getValue }) => orDash(getValue()),
  }),
]);

export const trackingRowData = (e: TrackingRow) => ({ 'data-event-id': e.id });
export const trackingRowId = (e: TrackingRow) => String(e.id);
