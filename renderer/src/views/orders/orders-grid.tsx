/**
 * The orders grid: the list kit's DataTable (a native <table>, virtualized above 100 rows)
 * with the Orders view's arrangement of columns (order, hidden, widths: column-state.ts),
 * resized by dragging or by the keyboard, and the selected orders shaded.
 */
import { memo, useCallback, useMemo } from 'react';
import {
  type ColumnState,
  resizeColumn,
  toColumnOrder,
  toColumnVisibility,
} from '../../features/orders/column-state';
import { type GridMeta, orderColumns, SELECT_COLUMN } from '../../features/orders/order-columns';
import type { Order } from '../../features/orders/order-facts';
import type { OrderStage } from '../../features/orders/order-filters';
import { useSelectionStore } from '../../features/orders/selection-store';
import { useLocalQuery } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable } from '../../ui/list/data-table';
import type { ListCursor } from '../../ui/list/use-list-cursor';

export interface OrdersGridProps {
  orders: readonly Order[];
  stage: OrderStage | null;
  columns: ColumnState;
  /** New columns, or a function of the latest ones (quick keyboard steps each build on the last). */
  onColumnsChange(columns: ColumnState | ((latest: ColumnState) => ColumnState)): void;
  cursor: ListCursor;
  onOpen(order: Order): void;
  busy: boolean;
}

const orderRowId = (order: Order) => String(order.id);
const orderRowData = (order: Order) => ({ 'data-order-id': order.id });

/** Memoized: the view re-renders for tab counts, facets and the selection bar; the rows need not. */
export const OrdersGrid = memo(function OrdersGrid(props: OrdersGridProps) {
  const { columns, onColumnsChange } = props;
  const format = useFormatters();
  // What the API does not know about the orders on screen: packed (the pack log) and label
  // printed (printed marks), both local to this connection.
  const pageIds = useMemo(() => props.orders.slice(0, 1000).map((o) => o.id), [props.orders]);
  const enabled = { enabled: pageIds.length > 0 };
  const packLog = useLocalQuery('packLogList', { orderIds: pageIds }, enabled);
  const marks = useLocalQuery('printedMarksList', { orderIds: pageIds }, enabled);
  const packed = useMemo(
    () => new Map((packLog.data?.records ?? []).map((r) => [r.orderId, r])),
    [packLog.data],
  );
  const printed = useMemo(
    () =>
      new Map(
        (marks.data?.marks ?? []).filter((m) => m.what === 'labels').map((m) => [m.orderId, m]),
      ),
    [marks.data],
  );
  const meta = useMemo<GridMeta>(
    () => ({ stage: props.stage, format, packed, printed }),
    [props.stage, format, packed, printed],
  );
  const selection = useSelectionStore((s) => s.selection);
  const rowClass = useCallback(
    (order: Order) => selection.ids.has(order.id) && 'bg-accent-soft',
    [selection],
  );
  const arrangement = useMemo(
    () => ({
      visibility: toColumnVisibility(columns),
      order: toColumnOrder(columns, SELECT_COLUMN),
      sizing: columns.sizes,
    }),
    [columns],
  );
  const onColumnsResized = useCallback(
    (sizing: Record<string, number>) =>
      onColumnsChange((latest) => ({ ...latest, sizes: { ...latest.sizes, ...sizing } })),
    [onColumnsChange],
  );
  const onKeyboardResize = useCallback(
    (id: string, step: number) =>
      onColumnsChange((latest) => resizeColumn(latest, id, (latest.sizes[id] ?? 0) + step)),
    [onColumnsChange],
  );
  return (
    <DataTable
      label="Orders"
      testId="orders-grid"
      columns={orderColumns}
      rows={props.orders}
      rowId={orderRowId}
      rowData={orderRowData}
      rowClass={rowClass}
      cursor={props.cursor}
      onOpen={props.onOpen}
      busy={props.busy}
      meta={meta}
      sized
      arrangement={arrangement}
      onColumnsResized={onColumnsResized}
      onKeyboardResize={onKeyboardResize}
    />
  );
});
