/**
 * What every row of every list shares, in either layout: its identity and place as data
 * attributes, the roving Tab stop on the active row, click to make it active, double click to
 * open it, and the look of the active row. Cells are rendered by calling the column's `cell`
 * with TanStack's cell context (list-columns.ts says why not as components).
 */
import {
  type Cell,
  type CellContext,
  type Column,
  constructRow,
  type Row,
  type RowData,
  type Table,
} from '@tanstack/react-table';
import { cell_getContext, row_getAllCells } from '@tanstack/react-table/static-functions';
import type { ReactNode } from 'react';
import { cn } from '../cn';
import type { ListFeatures } from './list-columns';
import type { ListCursor } from './use-list-cursor';

/** Data attributes a row carries (what other code and the end-to-end suites find it by). */
export type RowAttributes = Record<`data-${string}`, string | number | undefined>;

/** The attribute every list row has: how the list's Enter tells a row from other controls. */
export const LIST_ROW = 'data-list-row';

/** The parts of a row that stay the same while the list scrolls, kept in one object. */
export interface RowHandlers<T> {
  cursor: ListCursor;
  onOpen(row: T): void;
}

export function rowProps<T>(
  original: T,
  index: number,
  active: boolean,
  handlers: { current: RowHandlers<T> },
  className: string | false | undefined,
) {
  return {
    [LIST_ROW]: '',
    'data-index': index,
    'data-active': active || undefined,
    tabIndex: active ? 0 : -1,
    ref: handlers.current.cursor.rowRef,
    onFocus: () => active || handlers.current.cursor.select(index),
    onClick: () => handlers.current.cursor.select(index),
    onDoubleClick: () => handlers.current.onOpen(original),
    className: cn(
      'border-t border-line outline-none',
      className,
      active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
      'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
    ),
  };
}

/**
 * A row's cells for the visible columns, each with its content: the column's `cell` called
 * with TanStack's cell context, else the value as text. Built with TanStack's static
 * functions (row_getAllCells, cell_getContext) rather than the row's memoised methods: those
 * set up a memo per cell, eight times the work (about 60 µs a row against 8), and a row here
 * is drawn once when it scrolls into view and then kept by React.memo anyway.
 */
export function visibleCells<T extends RowData>(
  row: Row<ListFeatures, T>,
  columns: readonly Column<ListFeatures, T, unknown>[],
): { cell: Cell<ListFeatures, T, unknown>; content: ReactNode }[] {
  const byColumn = new Map<string, Cell<ListFeatures, T, unknown>>();
  for (const cell of row_getAllCells(row)) byColumn.set(cell.column.id, cell);
  const cells: { cell: Cell<ListFeatures, T, unknown>; content: ReactNode }[] = [];
  for (const column of columns) {
    const cell = byColumn.get(column.id);
    if (cell) cells.push({ cell, content: contentOf(cell) });
  }
  return cells;
}

function contentOf<T extends RowData>(cell: Cell<ListFeatures, T, unknown>): ReactNode {
  const render = cell.column.columnDef.cell;
  // TanStack's own context, typed as the column's cell renderer takes it.
  const context = cell_getContext(cell) as CellContext<ListFeatures, T, unknown>;
  if (typeof render === 'function') return render(context) as ReactNode;
  if (render !== undefined) return render;
  const value = context.getValue();
  return value === null || value === undefined ? null : String(value);
}

/**
 * TanStack rows built only for the rows drawn, never for the whole list: its core row model
 * over 100,000 objects takes about half a second. A row is kept while it stays drawn (its
 * object and place the same), so memoised rows keep their props; rows that scrolled away are
 * let go (each holds its cells and caches: kept for every row scrolled past, they cost the
 * 100,000-row grid some 20 MB).
 */
export class RowCache<T extends RowData> {
  private drawn = new Map<T, Row<ListFeatures, T>>();
  private drawing = new Map<T, Row<ListFeatures, T>>();

  constructor(
    private readonly table: Table<ListFeatures, T>,
    private readonly rowId: (row: T) => string,
  ) {}

  /** Called once per render of the rows, before `at`: rows not asked for since are dropped. */
  nextFrame(): this {
    if (this.drawing.size > 0) {
      this.drawn = this.drawing;
      this.drawing = new Map();
    }
    return this;
  }

  at(original: T, index: number): Row<ListFeatures, T> {
    const kept = this.drawing.get(original) ?? this.drawn.get(original);
    const row =
      kept && kept.index === index
        ? kept
        : constructRow(this.table, this.rowId(original), original, index, 0);
    this.drawing.set(original, row);
    return row;
  }
}

/**
 * React keys for the rows drawn: the row's id, and for a repeat of an id already drawn (ids
 * are unique in real answers, not always in schema-valid ones) the id with its place, so an
 * odd answer never makes React drop or duplicate a row.
 */
export function rowKeys(): (id: string, index: number) => string {
  const seen = new Set<string>();
  return (id, index) => {
    const key = seen.has(id) ? `${id}~${index}` : id;
    seen.add(key);
    return key;
  };
}
