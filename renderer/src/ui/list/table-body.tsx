/**
 * The native layout: a <table> (headers announce with each cell), rows as tall as their
 * content. Pages of up to VIRTUALIZE_ABOVE rows are drawn whole; longer lists draw only the
 * rows in view (TanStack Virtual, rows measured as drawn) between two spacer rows, which keeps
 * the table's semantics.
 */
import type { Column, Row, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useRef } from 'react';
import { cn } from '../cn';
import type { BodyProps } from './body-props';
import { HeaderCell } from './column-header';
import type { ListFeatures } from './list-columns';
import { type RowAttributes, type RowHandlers, rowKeys, rowProps, visibleCells } from './list-row';
import { ListScroller } from './list-scroller';

/** Above this many rows only the rows in view are drawn. */
export const VIRTUALIZE_ABOVE = 100;
const ESTIMATED_ROW_HEIGHT = 37;
/** jsdom (unit tests) measures nothing: this many rows are drawn instead of none. */
const UNMEASURED_ROWS = 50;

export function TableBody<T extends RowData>(props: BodyProps<T>) {
  const { rows, table, attach } = props;
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
  });
  const scrollerRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      attach(
        element && {
          virtual,
          reveal: (index) => {
            if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
          },
          rowElement: (index) =>
            element.querySelector<HTMLElement>(`tbody > tr[data-index="${index}"]`),
        },
      );
    },
    [attach, virtual, virtualizer],
  );

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const indexes =
    items === null
      ? rows.map((_, i) => i)
      : items.length > 0
        ? items.map((item) => item.index)
        : rows.slice(0, UNMEASURED_ROWS).map((_, i) => i);
  const padTop = items?.[0]?.start ?? 0;
  const last = items?.[items.length - 1];
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const span = props.columns.length;
  const keyOf = rowKeys();
  const cache = props.cache.nextFrame();

  return (
    <ListScroller
      ref={scrollerRef}
      heightClass={props.heightClass ?? 'max-h-[68vh]'}
      busy={props.busy}
      testId={props.scrollerTestId}
    >
      <table
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        className={cn('pb-grid-text border-collapse', props.sized ? 'table-fixed' : 'w-full')}
        style={props.sized ? { width: table.getTotalSize() } : undefined}
        data-testid={props.testId}
      >
        <thead className="sticky top-0 z-10 bg-raised">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <HeaderCell
                  key={header.id}
                  header={header}
                  as="th"
                  sized={props.sized}
                  onKeyboardResize={props.onKeyboardResize}
                />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 && <Spacer height={padTop} span={span} />}
          {indexes.map((index) => {
            const original = rows[index];
            if (original === undefined) return null;
            const row = cache.at(original, index);
            return (
              <TableRow
                key={keyOf(row.id, index)}
                row={row}
                index={index}
                active={index === props.activeIndex}
                columns={props.columns}
                meta={props.meta}
                sized={props.sized}
                handlers={props.handlers}
                rowData={props.rowData}
                className={props.rowClass?.(original)}
                measure={virtual ? virtualizer.measureElement : undefined}
              />
            );
          })}
          {padBottom > 0 && <Spacer height={padBottom} span={span} />}
        </tbody>
      </table>
    </ListScroller>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

interface TableRowProps<T extends RowData> {
  row: Row<ListFeatures, T>;
  index: number;
  active: boolean;
  /** The visible columns in order (a change draws the row again). */
  columns: Column<ListFeatures, T, unknown>[];
  /** Not read: a change of the cells' shared meta draws the row again. */
  meta: unknown;
  sized: boolean;
  handlers: { current: RowHandlers<T> };
  rowData: ((row: T) => RowAttributes) | undefined;
  className: string | false | undefined;
  measure: ((element: Element | null) => void) | undefined;
}

/** One row, memoised: a selection or an active-row change draws only the rows it touches. */
const TableRow = memo(function TableRow<T extends RowData>(props: TableRowProps<T>) {
  const { row, index, handlers, measure } = props;
  const base = rowProps(row.original, index, props.active, handlers, props.className);
  const rowRef = base.ref;
  const ref = useCallback(
    (element: HTMLTableRowElement | null) => {
      rowRef(element);
      measure?.(element);
    },
    [rowRef, measure],
  );
  return (
    <tr {...props.rowData?.(row.original)} {...base} ref={ref} aria-rowindex={index + 2}>
      {visibleCells(row, props.columns).map(({ cell, content }) => (
        <td
          key={cell.id}
          className={cn(
            'px-2 py-1.5',
            props.sized && 'truncate',
            cell.column.columnDef.meta?.cellClass,
          )}
        >
          {content}
        </td>
      ))}
    </tr>
  );
}) as <T extends RowData>(props: TableRowProps<T>) => ReactNode;
