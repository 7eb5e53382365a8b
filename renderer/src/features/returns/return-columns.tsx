/**
 * The returns worklist's columns: RMA (also a link), status and resolution badges, customer,
 * order, reason, channel, country, carrier, value in the return's currency, requested date.
 */
import type { Api } from '../../../../shared/contract/values';
import { openJson } from '../../ui/format/open-json';
import { formatOf, linkColumn, textColumn } from '../../ui/list/column-factories';
import { listColumns, NOWRAP_COLUMN, NUMBER_COLUMN } from '../../ui/list/list-columns';
import { ResolutionBadge, ReturnStatusBadge } from './return-badges';
import { REASON_LABELS } from './return-filters';
import { carrierName } from './return-words';

export type ReturnRow = Api['ReturnRequest'];

const col = listColumns<ReturnRow>();

export const RETURN_COLUMNS = col.columns([
  // A return without an RMA number yet is named by its id.
  linkColumn(
    (r: ReturnRow) => r.rma_number || `#${r.id}`,
    { id: 'rma', header: 'RMA' },
    {
      path: (r) => `/returns/${r.id}`,
    },
  ),
  col.accessor((r) => r.status, {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => <ReturnStatusBadge status={getValue()} />,
  }),
  col.accessor((r) => r.resolution, {
    id: 'resolution',
    header: 'Resolution',
    cell: ({ getValue }) => <ResolutionBadge resolution={getValue()} />,
  }),
  textColumn((r: ReturnRow) => r.customer_name, { id: 'customer', header: 'Customer' }),
  col.accessor((r) => r.order_name, {
    id: 'order',
    header: 'Order',
    cell: ({ getValue }) => openJson.describe(getValue()) ?? '—',
  }),
  col.accessor((r) => r.reason, {
    id: 'reason',
    header: 'Reason',
    cell: ({ getValue }) => {
      const reason = getValue();
      return reason ? (REASON_LABELS[reason] ?? reason) : '—';
    },
  }),
  textColumn((r: ReturnRow) => r.channel, { id: 'channel', header: 'Channel' }),
  textColumn((r: ReturnRow) => r.country, { id: 'country', header: 'Country' }),
  // "Carrier B", not the API's "carrier_b".
  textColumn((r: ReturnRow) => carrierName(r.carrier) ?? '', { id: 'carrier', header: 'Carrier' }),
  col.accessor((r) => r.total_value, {
    id: 'value',
    header: 'Value',
    meta: NUMBER_COLUMN,
    cell: ({ row, table }) =>
      formatOf(table).money(row.original.total_value, row.original.currency),
  }),
  col.accessor((r) => r.requested_at, {
    id: 'requested',
    header: 'Requested',
    meta: NOWRAP_COLUMN,
    cell: ({ getValue, table }) => formatOf(table).date(getValue()),
  }),
]);

/** What the end-to-end suites and the Enter key find a return's row by. */
export const returnRowData = (r: ReturnRow) => ({ 'data-return-id': r.id });
export const returnRowId = (r: ReturnRow) => String(r.id);
