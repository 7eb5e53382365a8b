// biome-ignore-all lint/a11y/useSemanticElements: a <table> here costs 10x the style work per row (below)
// biome-ignore-all lint/a11y/useFocusableInteractive: the rows hold one roving Tab stop; headers' buttons take focus
/**
 * The shipments grid: an ARIA table (role table, rowgroup, row, columnheader and cell, so
 * headers announce with each cell) over fixed columns (shipment-columns.ts) with only the rows
 * in view rendered (TanStack Virtual), so 100,000 shipments scroll like 50.
 *
 * Why divs with roles and not <table>: profiling the scroll benchmark (BENCH_UI_TRACE) showed
 * a third of each frame in table layout (adding a row laid out every row again) and in
 * re-rastering the scroller's tiles as rows came and went. Each row is now placed with a
 * transform, contained (`contain: strict`, fixed size) and composited (`will-change`), so it is
 * laid out and rastered once, when it enters the view. Table elements given those displays
 * took Chromium ten times as long to style per row (19 ms a frame against 1.6), so the rows
 * are divs. Scroll frame p95 went from 19.9 ms to about 15.5 ms.
 *
 * No table row model is built over the whole list (TanStack Table's alone costs more than a
 * frame at 100,000 rows): rows are memoised components rendering each column's cell from the
 * compact row, so a scroll frame renders only the rows entering the view. Rows have a fixed height
 * (cells truncate), so the virtualizer never measures. One row at a time is "active": it holds
 * the Tab stop; j/k move it and Enter opens it (the view's shortcuts). Headers sort.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import {
  type CellContext,
  COLUMN_LABELS,
  COLUMN_SIZES,
  cellContext,
  GRID_WIDTH,
  SHIPMENT_CELLS,
} from '../../features/shipments/shipment-columns';
import {
  type ShipmentSort,
  SORT_COLUMNS,
  type SortColumn,
} from '../../features/shipments/shipment-filters';
import type { ShipmentRow } from '../../features/shipments/shipment-rows';
import { cn } from '../../ui/cn';

export const ROW_HEIGHT = 34;
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
        ?.querySelector<HTMLElement>(`[role="row"][data-index="${activeIndex}"]`)
        ?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusToken]);

  const items = virtualizer.getVirtualItems();

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
      className="h-[68vh] overflow-auto rounded-md border border-line bg-surface text-sm"
      aria-busy={props.busy || undefined}
      data-testid="shipments-scroller"
    >
      <div
        role="table"
        aria-label="Shipments"
        aria-rowcount={rows.length + 1}
        style={{ width: GRID_WIDTH }}
        data-testid="shipments-grid"
      >
        <GridHead sort={sort} onToggle={sortRef} />
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <ShipmentTr
                key={row.id}
                row={row}
                index={item.index}
                top={item.start}
                active={item.index === activeIndex}
                cells={cells}
                handlers={handlers}
              />
            );
          })}
        </div>
      </div>
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
  top,
  active,
  cells,
  handlers,
}: {
  row: ShipmentRow;
  index: number;
  /** Its offset in the list (px): the row is placed there with a transform. */
  top: number;
  active: boolean;
  cells: CellContext;
  handlers: { current: RowHandlers };
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the view's j/k and Enter do by key what click does
    <div
      role="row"
      data-index={index}
      data-shipment-id={row.id}
      data-active={active || undefined}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      style={{
        height: ROW_HEIGHT,
        width: GRID_WIDTH,
        transform: `translateY(${top}px)`,
        contain: 'strict',
        willChange: 'transform',
      }}
      onFocus={() => active || handlers.current.onActiveIndexChange(index)}
      onClick={() => handlers.current.onActiveIndexChange(index)}
      onDoubleClick={() => handlers.current.onOpen(row)}
      className={cn(
        'absolute top-0 left-0 flex border-t border-line outline-none',
        active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
        'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
      )}
    >
      {SORT_COLUMNS.map((id) => (
        <div
          key={id}
          role="cell"
          className="flex-none truncate px-2 leading-[33px]"
          style={{ width: COLUMN_SIZES[id] }}
        >
          {SHIPMENT_CELLS[id](row, cells)}
        </div>
      ))}
    </div>
  );
});

/** The header row, memoised: a scroll frame re-renders the grid but never its headers. */
const GridHead = memo(function GridHead({
  sort,
  onToggle,
}: {
  sort: ShipmentSort;
  onToggle: { current(column: SortColumn): void };
}) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-raised" style={{ width: GRID_WIDTH }}>
      <div role="row" aria-rowindex={1} className="flex">
        {SORT_COLUMNS.map((id) => {
          const sorted = sort.column === id;
          return (
            <div
              key={id}
              role="columnheader"
              style={{ width: COLUMN_SIZES[id] }}
              aria-sort={sorted ? (sort.desc ? 'descending' : 'ascending') : undefined}
              className="flex-none px-1 py-1 text-left"
              data-column-id={id}
            >
              <button
                type="button"
                onClick={() => onToggle.current(id)}
                className="inline-flex max-w-full items-center gap-1 truncate rounded px-1 py-0.5 text-xs font-semibold tracking-wide text-muted uppercase hover:bg-surface focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
              >
                {COLUMN_LABELS[id]}
                {sorted &&
                  (sort.desc ? (
                    <ArrowDown aria-hidden className="size-3" />
                  ) : (
                    <ArrowUp aria-hidden className="size-3" />
                  ))}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
});
