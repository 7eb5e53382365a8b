/**
 * The orders grid: a native <table> (headers announce with each cell) driven by TanStack
 * Table for column order, visibility and widths. Large pages (over 100 rows) render only the
 * rows in view (TanStack Virtual) with spacer rows above and below, which keeps the table's
 * semantics. One row at a time is "active": it holds the Tab stop, j/k move it, Enter opens
 * it, x selects it (the shortcuts live in use-grid-shortcuts.ts).
 */
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import {
  type ColumnState,
  resizeColumn,
  toColumnOrder,
  toColumnVisibility,
} from '../../features/orders/column-state';
import {
  type GridMeta,
  gridFeatures,
  orderColumns,
  SELECT_COLUMN,
} from '../../features/orders/order-columns';
import type { Order } from '../../features/orders/order-facts';
import type { OrderStage } from '../../features/orders/order-filters';
import { pageState } from '../../features/orders/selection-model';
import { useSelectionStore } from '../../features/orders/selection-store';
import { cn } from '../../ui/cn';
import { ColumnHeader } from './column-header';
import { HeaderCheckbox } from './header-checkbox';

/** Above this many rows only the rows in view are rendered. */
export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 37;

export interface OrdersGridProps {
  orders: Order[];
  stage: OrderStage | null;
  columns: ColumnState;
  /** New columns, or a function of the latest ones (quick keyboard steps each build on the last). */
  onColumnsChange(columns: ColumnState | ((latest: ColumnState) => ColumnState)): void;
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  /** Bumped when the keyboard moved the active row: scroll to it and focus it. */
  focusToken: number;
  onOpen(order: Order): void;
  busy: boolean;
}

/** Memoized: the view re-renders for tab counts, facets and the selection bar; the rows need not. */
export const OrdersGrid = memo(function OrdersGrid(props: OrdersGridProps) {
  const { orders, columns, onColumnsChange, activeIndex, onActiveIndexChange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Widths follow the drag live; the settings file is written once the drag ends.
  const [sizing, setSizing] = useState(columns.sizes);
  useEffect(() => setSizing(columns.sizes), [columns.sizes]);
  const format = useFormatters();
  const meta = useMemo<GridMeta>(() => ({ stage: props.stage, format }), [props.stage, format]);
  const table = useTable({
    features: gridFeatures,
    columns: orderColumns,
    data: orders,
    getRowId: (order) => String(order.id),
    meta,
    columnResizeMode: 'onChange',
    state: {
      columnVisibility: toColumnVisibility(columns),
      columnOrder: toColumnOrder(columns, SELECT_COLUMN),
      columnSizing: sizing,
    },
    onColumnSizingChange: setSizing,
  });
  const resizing = table.state.columnResizing.isResizingColumn;
  const latest = useRef({ columns, sizing, onColumnsChange });
  latest.current = { columns, sizing, onColumnsChange };
  useEffect(() => {
    if (resizing !== false) return;
    const { columns: c, sizing: s, onColumnsChange: save } = latest.current;
    const changed = Object.entries(s).some(([id, w]) => c.sizes[id] !== w);
    if (changed) save({ ...c, sizes: { ...c.sizes, ...s } });
  }, [resizing]);

  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a keyboard move scrolls
  useEffect(() => {
    if (props.focusToken === 0) return;
    if (virtual) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    // The row may only exist after the virtualizer has rendered it: focus on the next frame.
    const frame = requestAnimationFrame(() => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`);
      row?.focus({ preventScroll: virtual });
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusToken]);

  const selection = useSelectionStore((s) => s.selection);
  const pageIds = useMemo(() => orders.map((o) => o.id), [orders]);
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const shown = items
    ? items.map((i) => ({ row: rows[i.index]!, index: i.index }))
    : rows.map((row, index) => ({ row, index }));
  const padTop = items?.[0]?.start ?? 0;
  const padBottom =
    items && items.length > 0
      ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
      : 0;
  const visibleCount = table.getVisibleLeafColumns().length;

  return (
    <div
      ref={scrollRef}
      className="max-h-[68vh] overflow-auto rounded-md border border-line bg-surface"
      aria-busy={props.busy || undefined}
    >
      <table
        aria-label="Orders"
        aria-rowcount={rows.length + 1}
        className="table-fixed border-collapse text-sm"
        style={{ width: table.getTotalSize() }}
        data-testid="orders-grid"
      >
        <thead className="sticky top-0 z-10 bg-raised">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) =>
                header.column.id === SELECT_COLUMN ? (
                  <th
                    key={header.id}
                    scope="col"
                    style={{ width: header.getSize() }}
                    className="px-2 py-1.5"
                  >
                    <HeaderCheckbox state={pageState(selection, pageIds)} pageIds={pageIds} />
                  </th>
                ) : (
                  <ColumnHeader
                    key={header.id}
                    header={header}
                    onKeyboardResize={(step) =>
                      onColumnsChange((latest) =>
                        resizeColumn(
                          latest,
                          header.column.id,
                          (latest.sizes[header.column.id] ?? header.getSize()) + step,
                        ),
                      )
                    }
                  />
                ),
              )}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden style={{ height: padTop }}>
              <td colSpan={visibleCount} />
            </tr>
          )}
          {shown.map(({ row, index }) => {
            const active = index === activeIndex;
            return (
              <tr
                key={row.id}
                data-index={index}
                data-order-id={row.original.id}
                data-active={active || undefined}
                aria-rowindex={index + 2}
                tabIndex={active ? 0 : -1}
                ref={virtual ? virtualizer.measureElement : undefined}
                onFocus={() => active || onActiveIndexChange(index)}
                onClick={() => onActiveIndexChange(index)}
                onDoubleClick={() => props.onOpen(row.original)}
                className={cn(
                  'border-t border-line outline-none',
                  selection.ids.has(row.original.id) && 'bg-accent-soft',
                  active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
                  'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
                )}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className="truncate px-2 py-1.5"
                    style={{ width: cell.column.getSize() }}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden style={{ height: padBottom }}>
              <td colSpan={visibleCount} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});
