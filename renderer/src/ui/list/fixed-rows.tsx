// biome-ignore-all lint/a11y/useSemanticElements: a <table> here costs 10x the style work per row (below)
// biome-ignore-all lint/a11y/useFocusableInteractive: the rows hold one roving Tab stop; headers' buttons take focus
/**
 * The fixed-rows layout, for lists of tens of thousands (the shipments grid at 100,000): an
 * ARIA table (role table, rowgroup, row, columnheader and cell, so headers announce with each
 * cell) with only the rows in view drawn (TanStack Virtual).
 *
 * Why divs with roles and not <table>: profiling the scroll benchmark (BENCH_UI_TRACE) showed
 * a third of each frame in table layout (adding a row laid out every row again). Each row is
 * placed with a transform and contained (`contain: size layout style`, fixed size), so it is
 * laid out once, when it enters the view. Not paint containment (`strict`): a clip and a
 * stacking context a row, which the cells' own clips make redundant, and which cost Chromium's
 * compositing per frame (all of Chromium's CPU a frame 1.26x the bare list's without it, 1.37x
 * with; bench/ui-grids-scroll-profile.ts, issue 34, 2026-11-29). Table elements given those displays took Chromium ten times
 * as long to style per row (19 ms a frame against 1.6). Rows have a fixed height (cells
 * truncate), so the virtualizer never measures. Rows are not composited layers of their own
 * (no `will-change`): some 35 layers in view cost Chromium's compositing and raster threads
 * more per frame and bought the main thread nothing (bench/ui-grids-scroll-profile.ts, issue
 * 34, 99,385 rows: all of Chromium's CPU per frame 1.38× the bare list's without them, 1.55×
 * with; the main thread 1.41× and 1.45×).
 *
 * A scroll frame re-renders this body only: the table instance above it stays, the header is
 * memoised, and rows are memoised on their object, place and active state, so only the rows
 * entering the view render, into the elements of the rows that left it (row-slots.ts: keyed
 * by slot, not by id).
 */
import type { Column, Row, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { cn } from '../cn';
import type { BodyProps } from './body-props';
import { HeaderCell } from './column-header';
import { type ColumnClasses, useColumnSheet } from './column-sheet';
import type { ListFeatures } from './list-columns';
import { type RowAttributes, type RowHandlers, rowProps, visibleCells } from './list-row';
import { ListScroller } from './list-scroller';
import { type RowPool, readingOrder, slotOf, slotOrder } from './row-slots';

export function FixedRowsBody<T extends RowData>(props: BodyProps<T> & { rowHeight: number }) {
  const { rows, table, attach, rowHeight } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 5,
  });
  const scrollerRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      attach(
        element && {
          virtual: true,
          reveal: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
          rowElement: (index) =>
            element.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`),
        },
      );
    },
    [attach, virtualizer],
  );
  const width = table.getTotalSize();
  const sheet = useColumnSheet(
    props.columns.map((column) => column.getSize()),
    rowHeight - 1,
  );
  const layouts = useMemo(() => cellClasses(props.columns, sheet), [props.columns, sheet]);
  // Rows keep their elements as they scroll (row-slots.ts): keyed and drawn by slot.
  const pool = useRef<RowPool>({ size: 0 }).current;
  const items = slotOrder(virtualizer.getVirtualItems(), pool);
  const gridId = useId();
  const rowIdOf = (slot: number) => `${gridId}-row-${slot}`;
  const cache = props.cache.nextFrame();

  return (
    <ListScroller
      ref={scrollerRef}
      heightClass={props.heightClass ?? 'h-[68vh]'}
      busy={props.busy}
      testId={props.scrollerTestId}
      className="pb-grid-text"
    >
      <div
        role="table"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        style={{ width }}
        data-testid={props.testId}
      >
        <FixedHead
          table={props.table}
          columns={props.columns}
          width={width}
          onKeyboardResize={props.onKeyboardResize}
        />
        <div
          role="rowgroup"
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
          aria-owns={readingOrder(items, pool, rowIdOf)}
        >
          {items.map((item) => {
            const original = rows[item.index];
            if (original === undefined) return null;
            const row = cache.at(original, item.index);
            const slot = slotOf(item.index, pool);
            return (
              <FixedRow
                key={slot}
                id={rowIdOf(slot)}
                row={row}
                index={item.index}
                top={item.start}
                active={item.index === props.activeIndex}
                columns={props.columns}
                layouts={layouts}
                meta={props.meta}
                width={width}
                height={rowHeight}
                handlers={props.handlers}
                rowData={props.rowData}
                className={props.rowClass?.(original)}
              />
            );
          })}
        </div>
      </div>
    </ListScroller>
  );
}

/** The header row, memoised: a scroll frame re-renders the body but never its headers. */
const FixedHead = memo(function FixedHead<T extends RowData>({
  table,
  width,
  onKeyboardResize,
}: Pick<BodyProps<T>, 'table' | 'columns' | 'onKeyboardResize'> & { width: number }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-raised" style={{ width }}>
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="flex">
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              as="div"
              sized
              onKeyboardResize={onKeyboardResize}
            />
          ))}
        </div>
      ))}
    </div>
  );
}) as <T extends RowData>(
  props: Pick<BodyProps<T>, 'table' | 'columns' | 'onKeyboardResize'> & { width: number },
) => ReactNode;

interface FixedRowProps<T extends RowData> {
  /** The element's id, its slot's (row-slots.ts): the body's `aria-owns` names it. */
  id: string;
  row: Row<ListFeatures, T>;
  index: number;
  /** Its offset in the list (px): the row is placed there with a transform. */
  top: number;
  active: boolean;
  /** The visible columns in order (a change draws the row again). */
  columns: Column<ListFeatures, T, unknown>[];
  /** Each visible column's cell classes, by column id (built once per column set). */
  layouts: ReadonlyMap<string, string>;
  /** Not read: a change of the cells' shared meta draws the row again. */
  meta: unknown;
  width: number;
  height: number;
  handlers: { current: RowHandlers<T> };
  rowData: ((row: T) => RowAttributes) | undefined;
  className: string | false | undefined;
}

/**
 * One row. Memoised on its row, place and whether it is active: while scrolling, the rows
 * that stay in view do not render again. Handlers come through a ref so they never break it.
 */
const FixedRow = memo(function FixedRow<T extends RowData>(props: FixedRowProps<T>) {
  const { row, index, height, active, handlers } = props;
  const base = rowProps(row.original, index, active, handlers, props.className, ROW_LAYOUT);
  const element = useRef<HTMLDivElement | null>(null);
  const shown = useRef<number | null>(null);
  // The element shows row `index` from now on: when it was another row's (its slot's last
  // row), it is that row no longer, so it lets go of that row's focus, and it takes the focus
  // a key asked for this row (the cursor's rowRef: what a new element's ref did).
  useLayoutEffect(() => {
    const el = element.current;
    if (!el || shown.current === index) return;
    if (shown.current !== null && !active && document.activeElement === el) el.blur();
    shown.current = index;
    handlers.current.cursor.rowRef(el);
  }, [index, active, handlers]);
  return (
    <div
      role="row"
      id={props.id}
      {...props.rowData?.(row.original)}
      {...base}
      ref={element}
      aria-rowindex={index + 2}
      style={{
        height,
        width: props.width,
        transform: `translateY(${props.top}px)`,
        contain: 'size layout style',
      }}
    >
      {visibleCells(row, props.columns).map(({ cell, content }) => (
        <div key={cell.column.id} role="cell" className={props.layouts.get(cell.column.id)}>
          {content}
        </div>
      ))}
    </div>
  );
}) as <T extends RowData>(props: FixedRowProps<T>) => ReactNode;

/**
 * A row's own layout classes, merged with the rest of its classes once per look (rowClassName
 * in list-row.ts), not per row drawn. Its size and place stay inline styles (its cells'
 * widths are a sheet's, column-sheet.ts): the same rows as a CSS grid whose tracks, height
 * and line height came from custom properties on the row group (no style per row or cell)
 * cost more style and layout per frame, not less (bench/ui-grids-scroll-profile.ts,
 * 2026-11-28, both in one run at load 8-14: main thread 1.36x the bare list's with these
 * styles, 1.40x as a grid; style 1.46x and 1.58x; layout 0.98x and 1.13x).
 */
const ROW_LAYOUT = 'absolute top-0 left-0 flex';

/**
 * Each visible column's cell classes, merged once per column set rather than per cell drawn
 * (a scroll frame draws some ten new rows of twelve cells, and each cell merged its classes
 * with tailwind-merge): its layout, its column's own classes, and its class in the grid's
 * sheet (column-sheet.ts: its width and line height are there, not in each cell's style).
 */
function cellClasses<T extends RowData>(
  columns: readonly Column<ListFeatures, T, unknown>[],
  sheet: ColumnClasses,
): ReadonlyMap<string, string> {
  return new Map(
    columns.map((column, i) => [
      column.id,
      cn('flex-none truncate px-2', sheet.cell(i), column.columnDef.meta?.cellClass),
    ]),
  );
}
