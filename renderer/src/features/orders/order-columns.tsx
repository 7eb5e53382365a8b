/**
 * The grid's columns (TanStack Table v9 definitions), at module scope so the table's models
 * stay stable. The selection checkbox reads the store through a hook, so a click re-renders
 * only its row; the locale formatters come once through the table's meta (a hook per cell was
 * 200 settings subscriptions mounted on every page change).
 * No column sorts: the API has no ordering parameter (orders come newest first), and sorting
 * one page in the browser would misrepresent the other pages.
 */
import { PackageCheck, Printer } from 'lucide-react';
import type { PackRecord } from '../../../../shared/contract/packing-values';
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import { type Formatters, humanize } from '../../ui/format/formatters';
import { cellMeta, listColumns } from '../../ui/list/list-columns';
import { ORDER_COLUMNS } from './column-state';
import { PageCheckbox } from './header-checkbox';
import {
  attentionReasons,
  destination,
  itemCount,
  type Order,
  orderLabel,
  orderStage,
  trackingNumber,
} from './order-facts';
import { ATTENTION_LABELS, type OrderStage } from './order-filters';
import { useIsSelected, useSelectionStore } from './selection-store';
import { StatusBadge } from './status-badge';

export const SELECT_COLUMN = 'select';

/**
 * What the cells need beyond the row: the stage tab in force (the server's truth), the locale,
 * and the pack log's records of the orders on screen (the API has no "packed" state).
 */
export interface GridMeta {
  stage: OrderStage | null;
  format: Formatters;
  packed: ReadonlyMap<number, PackRecord>;
  /** Each order's last labels print (printed marks). */
  printed: ReadonlyMap<number, PrintedMark>;
}

/** "14:32" today (the date before) and the printer: when and where its label last printed. */
function PrintedCell({ mark, format }: { mark: PrintedMark | undefined; format: Formatters }) {
  if (!mark) return <span className="text-muted">—</span>;
  return (
    <span
      title={`Label printed ${format.dateTime(mark.at)} on ${mark.printer}`}
      data-testid="printed-mark"
      className="inline-flex items-center gap-1"
    >
      <Printer aria-hidden className="size-4 text-muted" />
      {shortTime(mark.at, format)} · {mark.printer}
    </span>
  );
}

function shortTime(iso: string, format: Formatters): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(format.locale, { hour: '2-digit', minute: '2-digit' })
    : format.date(iso);
}

/** "Packed 14:32" today, the date before; who, where and what printed in the tooltip. */
function PackedCell({ record, format }: { record: PackRecord | undefined; format: Formatters }) {
  if (!record) return <span className="text-muted">—</span>;
  const when = shortTime(record.packedAt, format);
  const printed = record.printed.map((p) => p.printer).join(', ') || 'nothing printed';
  // A pack that passed the pack gate on purpose says so (the reason is in the tooltip).
  const overridden = record.overrides?.[0];
  return (
    <span
      className="inline-flex items-center gap-1 text-ok"
      title={`Packed ${format.dateTime(record.packedAt)} by ${record.packedBy} at ${record.station}; ${printed}${overridden ? `; stop overridden: ${overridden.reason}` : ''}`}
      data-testid="packed-mark"
      data-overridden={overridden ? true : undefined}
    >
      <PackageCheck aria-hidden className="size-4" />
      <span className="text-fg">{when}</span>
      {overridden && <span className="text-fg font-semibold">· overridden</span>}
    </span>
  );
}

const helper = listColumns<Order>();

/**
 * A native checkbox, not Radix's: fifty of these mount on every page change, and the native
 * one is a single element with the same role, name and checked state (the header's
 * three-state box stays Radix, one per grid).
 */
function SelectCell({ order, pageIds }: { order: Order; pageIds: () => number[] }) {
  const selected = useIsSelected(order.id);
  const click = useSelectionStore((s) => s.click);
  return (
    <input
      type="checkbox"
      checked={selected}
      // Shift-click selects the range from the last box clicked, in the order on screen.
      onClick={(e) => click(order.id, e.shiftKey, pageIds())}
      onChange={() => undefined}
      aria-label={`Select ${orderLabel(order)}`}
      // Rows take j/k/x; the checkbox stays out of the Tab order to keep one stop per row.
      tabIndex={-1}
      className="block size-4 accent-accent"
    />
  );
}

function AttentionCell({ order }: { order: Order }) {
  const reasons = attentionReasons(order);
  if (reasons.length === 0) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {reasons.map((r) => (
        <StatusBadge key={r} value={r} label={ATTENTION_LABELS[r]} tone="danger" />
      ))}
    </span>
  );
}

const meta = (table: { options: { meta?: unknown } }) => cellMeta<GridMeta>(table);

const size = (id: string) => ORDER_COLUMNS.find((c) => c.id === id)?.size ?? 120;
/** A column's id, header and width (its default from column-state.ts). */
const named = (id: string, header: string) => ({ id, header, size: size(id) });

export const orderColumns = helper.columns([
  helper.display({
    id: SELECT_COLUMN,
    // Selects or clears the orders on screen (never other pages: "Select all N matching" does).
    header: ({ table }) => <PageCheckbox pageIds={table.options.data.map((o) => o.id)} />,
    size: 44,
    enableResizing: false,
    enableHiding: false,
    cell: ({ row, table }) => (
      <SelectCell
        order={row.original}
        pageIds={() => table.getRowModel().rows.map((r) => r.original.id)}
      />
    ),
  }),
  helper.accessor((o) => orderLabel(o), {
    ...named('order', 'Order'),
    enableHiding: false,
    cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
  }),
  helper.display({
    ...named('packed', 'Packed'),
    cell: ({ row, table }) => (
      <PackedCell record={meta(table).packed.get(row.original.id)} format={meta(table).format} />
    ),
  }),
  helper.display({
    ...named('printed', 'Label printed'),
    cell: ({ row, table }) => (
      <PrintedCell mark={meta(table).printed.get(row.original.id)} format={meta(table).format} />
    ),
  }),
  helper.accessor((o) => o.order_date ?? o.created_at, {
    ...named('date', 'Date'),
    cell: ({ getValue, table }) => meta(table).format.date(getValue()),
  }),
  helper.accessor((o) => o.customer_name ?? o.recipient_name, named('customer', 'Customer')),
  helper.accessor((o) => destination(o), named('destination', 'Ship to')),
  helper.accessor((o) => o.channel ?? '', named('channel', 'Channel')),
  helper.accessor((o) => orderStage(o), {
    ...named('stage', 'Stage'),
    cell: ({ getValue, table }) => <StatusBadge value={meta(table).stage ?? getValue()} />,
  }),
  helper.accessor((o) => o.payment_status ?? null, {
    ...named('payment', 'Payment'),
    cell: ({ getValue }) => <StatusBadge value={getValue()} />,
  }),
  helper.accessor((o) => o.fulfillment_status ?? null, {
    ...named('fulfillment', 'Fulfillment'),
    cell: ({ getValue }) => <StatusBadge value={getValue()} />,
  }),
  helper.accessor((o) => attentionReasons(o).join(','), {
    ...named('attention', 'Attention'),
    cell: ({ row }) => <AttentionCell order={row.original} />,
  }),
  helper.accessor((o) => o.total_amount ?? null, {
    ...named('total', 'Total'),
    cell: ({ row, table }) =>
      meta(table).format.money(row.original.total_amount, row.original.currency),
  }),
  helper.accessor((o) => itemCount(o), {
    ...named('items', 'Items'),
    cell: ({ getValue, table }) => meta(table).format.number(getValue()),
  }),
  helper.accessor((o) => trackingNumber(o) ?? '', named('tracking', 'Tracking')),
  helper.accessor((o) => o.delivery_status ?? null, {
    ...named('delivery', 'Delivery'),
    cell: ({ getValue }) => <StatusBadge value={getValue()} label={humanize(getValue())} />,
  }),
  helper.accessor((o) => o.created_at, {
    ...named('created', 'Created'),
    cell: ({ getValue, table }) => meta(table).format.dateTime(getValue()),
  }),
]);
