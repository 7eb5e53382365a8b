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

/** More class combinations than this and rowClassName stops keeping new ones. */
const ROW_CLASSES_HELD = 256;
const rowClasses = new Map<string, string>();

/**
 * A row's classes: its layout's, the view's extra ones and the active row's look, merged
 * (tailwind-merge) once per combination and then looked up, not merged again for every row
 * drawn: a long list draws some ten new rows a scroll frame (issue 34). With the badges made
 * once per value (shipment-columns.tsx), the shipments grid's scroll took 13.9 ms of main
 * thread a frame against 16.5 ms merging per row, script 2.7 against 3.5, style 1.4 against
 * 1.7 (bench/ui-grids-scroll-profile.ts, scale 77, both ways in one run, 3 rounds, load 5-8).
 */
export function rowClassName(
  layout: string,
  extra: string | false | undefined,
  active: boolean,
): string {
  const key = `${layout}|${extra || ''}|${active ? 1 : 0}`;
  let classes = rowClasses.get(key);
  if (classes === undefined) {
    classes = cn(
      layout,
      'border-t border-line outline-none',
      extra,
      active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
      'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
    );
    if (rowClasses.size < ROW_CLASSES_HELD) rowClasses.set(key, classes);
  }
  return classes;
}

export function rowProps<T>(
  original: T,
  index: number,
  active: boolean,
  handlers: { current: RowHandlers<T> },
  className: string | false | undefined,
  /** The layout's own classes for the row (fixed-rows.tsx: its placement and flex). */
  layoutClass = '',
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
    className: rowClassName(layoutClass, className, active),
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
  // In the table's column order, hidden ones too. Visible columns mostly keep that order, so
  // each is looked for from where the last was found, not through a map built per row.
  const all = row_getAllCells(row);
  const cells: { cell: Cell<ListFeatures, T, unknown>; content: ReactNode }[] = [];
  let from = 0;
  for (const column of columns) {
    let at = from < all.length && all[from]?.column.id === column.id ? from : -1;
    if (at < 0) at = all.findIndex((cell) => cell.column.id === column.id);
    const cell = all[at];
    if (cell === undefined) continue;
    cells.push({ cell, content: contentOf(cell) });
    from = at + 1;
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
