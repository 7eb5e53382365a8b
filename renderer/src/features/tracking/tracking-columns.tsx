/**
 * The tracking explorer's columns: when the scan was made (also a link to it), the normalized
 * status, the package's tracking code, the carrier named in the scan, where, the carrier's
 * own code, the dwell time at a hub and the exception code.
 */
import type { Api } from '../../../../shared/contract/values';
import { formatOf, linkColumn, textColumn } from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN } from '../../ui/list/list-columns';
import { dwellText, eventCarrier } from './tracking-event-values';
import { TrackingStatusBadge } from './tracking-status-badge';

export type TrackingRow = Api['TrackingEvent'];

const col = listColumns<TrackingRow>();

export const TRACKING_COLUMNS = col.columns([
  linkColumn(
    (e: TrackingRow) => e.scan_timestamp,
    { id: 'scanned', header: 'Scanned' },
    {
      path: (e) => `/tracking/${e.id}`,
      text: (e, table) => formatOf(table).dateTime(e.scan_timestamp),
    },
  ),
  col.accessor((e) => e.svc_normalized_status, {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => <TrackingStatusBadge status={getValue()} />,
  }),
  textColumn((e: TrackingRow) => e.package_tracking_code, {
    id: 'tracking',
    header: 'Tracking code',
    meta: { cellClass: 'font-mono text-xs' },
  }),
  textColumn((e: TrackingRow) => eventCarrier(e.scan_event), { id: 'carrier', header: 'Carrier' }),
  textColumn((e: TrackingRow) => e.scan_location_code, { id: 'location', header: 'Location' }),
  textColumn((e: TrackingRow) => e.scan_status_code, { id: 'code', header: 'Carrier code' }),
  col.accessor((e) => e.hub_dwell_minutes, {
    id: 'dwell',
    header: 'Dwell',
    meta: NOWRAP_COLUMN,
    cell: ({ getValue }) => dwellText(getValue()) ?? '—',
  }),
  textColumn((e: TrackingRow) => e.exception_code, { id: 'exception', header: 'Exception' }),
]);

export const trackingRowData = (e: TrackingRow) => ({ 'data-event-id': e.id });
export const trackingRowId = (e: TrackingRow) => String(e.id);
