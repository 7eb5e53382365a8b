/**
 * The shipments grid: a native <table> (headers announce with each cell) with TanStack Table
 * for the columns (headers, widths) and only the rows in view rendered (TanStack Virtual),
 * with spacer rows above and below, so 100,000 shipments scroll like 50. TanStack's row model
 * is not built over the whole list (that alone costs more than a frame at 100,000 rows): rows
 * are memoised components rendering each column's cell from the compact row, so a scroll frame
 * renders only the rows entering the view. Rows have a fixed height (cells truncate), so the
 * virtualizer never measures. One row at a time is "active": it holds the Tab stop; j/k move
 * it and Enter opens it (the view's shortcuts). Headers sort.
 */
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import {
  type CellContext,
  COLUMN_LABELS,
  COLUMN_SIZES,
  cellContext,
  SHIPMENT_CELLS,
  shipmentColumns,
  shipmentGridFeatures,
} from '../../features/shipments/shipment-columns';
import type { ShipmentSort, SortColumn } from '../../features/shipments/shipment-filters';
import type { ShipmentRow } from '../../features/shipments/shipment-rows';
import { cn } from '../../ui/cn';

export const ROW_HEIGHT = 34;
const NO_ROWS: ShipmentRow[] = [];

export interface ShipmentsGridProps {
  rows: readonly ShipmentRow[];
  sort: ShipmentSort;
  onSort(sort: ShipmentSort): void;
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  /** Bumped when the keyboard moved the active row: scroll to it and focus it. */
  focusToken: number;
  onOpen(row: ShipmentRow): void;
  busy: boolean;
}

export function ShipmentsGrid(props: ShipmentsGridProps) {
  const { rows, sort, activeIndex, onActiveIndexChange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The table gives the headers and widths; rows are rendered below from the compact rows.
  const table = useTable({
    features: shipmentGridFeatures,
    columns: shipmentColumns,
    data: NO_ROWS,
  });
  const columns = table.getVisibleLeafColumns();
  const columnIds = columns.map((c) => c.id as SortColumn).join(',');
  const format = useFormatters();
  const cells = useMemo(() => cellContext(format), [format]);
  const handlers = useRef({ onActiveIndexChange, onOpen: props.onOpen });
  handlers.current = { onActiveIndexChange, onOpen: props.onOpen };
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a keyboard move scrolls
  useEffect(() => {
    if (props.focusToken === 0) return;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    // The row may only exist once the virtualizer has rendered it: focus on the next frame.
    const frame = requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`)
        ?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusToken]);

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length;

  const sortRef = useRef((_column: SortColumn) => {});
  sortRef.current = (column: SortColumn) =>
    props.onSort(
      sort.column === column
        ? { column, desc: !sort.desc }
        : { column, desc: column === 'createdMs' || column === 'missProb' },
    );

  return (
    <div
      ref={scrollRef}
      className="h-[68vh] overflow-auto rounded-md border border-line bg-surface"
      aria-busy={props.busy || undefined}
      data-testid="shipments-scroller"
    >
      <table
        aria-label="Shipments"
        aria-rowcount={rows.length + 1}
        className="table-fixed border-collapse text-sm"
        style={{ width: columns.reduce((sum, c) => sum + c.getSize(), 0) }}
        data-testid="shipments-grid"
      >
        <GridHead columnIds={columnIds} sort={sort} onToggle={sortRef} />
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden style={{ height: padTop }}>
              <td colSpan={columnCount} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <ShipmentTr
                key={row.id}
                row={row}
                index={item.index}
                active={item.index === activeIndex}
                columnIds={columnIds}
                cells={cells}
                handlers={handlers}
              />
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden style={{ height: padBottom }}>
              <td colSpan={columnCount} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

interface RowHandlers {
  onActiveIndexChange(index: number): void;
  onOpen(row: ShipmentRow): void;
}

/**
 * One row. Memoised on the row, its place and whether it is active: while scrolling, the rows
 * that stay in view do not render again. Handlers come through a ref so they never break it.
 */
const ShipmentTr = memo(function ShipmentTr({
  row,
  index,
  active,
  columnIds,
  cells,
  handlers,
}: {
  row: ShipmentRow;
  index: number;
  active: boolean;
  /** The visible columns in order, joined: a string, so equal columns compare equal. */
  columnIds: string;
  cells: CellContext;
  handlers: { current: RowHandlers };
}) {
  return (
    <tr
      data-index={index}
      data-shipment-id={row.id}
      data-active={active || undefined}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      style={{ height: ROW_HEIGHT }}
      onFocus={() => active || handlers.current.onActiveIndexChange(index)}
      onClick={() => handlers.current.onActiveIndexChange(index)}
      onDoubleClick={() => handlers.current.onOpen(row)}
      className={cn(
        'border-t border-line outline-none',
        active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
        'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
      )}
    >
      {columnIds.split(',').map((id) => (
        <td key={id} className="truncate px-2 py-1">
          {SHIPMENT_CELLS[id as SortColumn]?.(row, cells)}
        </td>
      ))}
    </tr>
  );
});

/** The header row, memoised: a scroll frame re-renders the grid but never its headers. */
const GridHead = memo(function GridHead({
  columnIds,
  sort,
  onToggle,
}: {
  columnIds: string;
  sort: ShipmentSort;
  onToggle: { current(column: SortColumn): void };
}) {
  return (
    <thead className="sticky top-0 z-10 bg-raised">
      <tr aria-rowindex={1}>
        {columnIds.split(',').map((raw) => {
          const id = raw as SortColumn;
          const sorted = sort.column === id;
          return (
            <th
              key={id}
              scope="col"
              style={{ width: COLUMN_SIZES[id] }}
              aria-sort={sorted ? (sort.desc ? 'descending' : 'ascending') : undefined}
              className="px-1 py-1 text-left"
              data-column-id={id}
            >
              <button
                type="button"
                onClick={() => onToggle.current(id)}
                className="inline-flex max-w-full items-center gap-1 truncate rounded px-1 py-0.5 text-xs font-semibold tracking-wide text-muted uppercase hover:bg-surface focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
              >
                {COLUMN_LABELS[id] ?? id}
                {sorted &&
                  (sort.desc ? (
                    <ArrowDown aria-hidden className="size-3" />
                  ) : (
                    <ArrowUp aria-hidden className="size-3" />
                  ))}
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
});
