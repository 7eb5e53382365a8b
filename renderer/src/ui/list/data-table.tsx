/**
 * The one data table every list view uses, on TanStack Table (columns, visibility, order,
 * widths, resizing, sorting state) with TanStack Virtual for long lists. A view gives it
 * column definitions (list-columns.ts), the rows of its query, and a cursor
 * (use-list-cursor.ts); the table draws the headers, the rows with their roving Tab stop and
 * the active row, and reveals and focuses the row the keyboard moves to.
 *
 * Two layouts:
 * - a native <table> (headers announce with each cell), its rows as tall as their content;
 *   above VIRTUALIZE_ABOVE rows only the rows in view are drawn, with spacer rows around them;
 * - with `rowHeight`, an ARIA table of divs with rows of that fixed height placed with
 *   transforms, for lists of tens of thousands (fixed-rows.tsx says why).
 *
 * Either way TanStack's row model is never built over the whole list, and the table instance
 * lives here while the virtualizer lives in the body below: a scroll frame re-renders the
 * body and the rows entering the view, never the table.
 */
import { functionalUpdate, type RowData, type SortingState, useTable } from '@tanstack/react-table';
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FixedRowsBody } from './fixed-rows';
import { type ListColumns, listFeatures } from './list-columns';
import { type RowAttributes, RowCache, type RowHandlers } from './list-row';
import { TableBody } from './table-body';
import type { ListCursor } from './use-list-cursor';

/** A sort the view keeps (and applies to its rows): one column, one direction. */
export interface ListSort {
  column: string;
  desc: boolean;
}

/** The arrangement of columns a view keeps (the Orders grid's, in the settings file). */
export interface ColumnArrangement {
  visibility: Record<string, boolean>;
  order: string[];
  sizing: Record<string, number>;
}

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name: "Orders". */
  label: string;
  testId: string;
  /** The scrolling box's test id (benchmarks scroll it). */
  scrollerTestId?: string;
  columns: ListColumns<T>;
  rows: readonly T[];
  rowId(row: T): string;
  /** Data attributes for a row (what the end-to-end suites find rows by). */
  rowData?(row: T): RowAttributes;
  /** Extra classes for a row (a selected order). */
  rowClass?(row: T): string | false | undefined;
  cursor: ListCursor;
  /** Enter (through useListShortcuts) or a double click. */
  onOpen(row: T): void;
  busy?: boolean;
  /** What every cell shares (cellMeta in list-columns.ts). */
  meta?: object;
  /** Fixed row height in px: the ARIA grid of positioned divs (for very long lists). */
  rowHeight?: number;
  /** Widths from the columns (and resizable with `onColumnsResized`), else the browser's. */
  sized?: boolean;
  arrangement?: ColumnArrangement;
  /** The widths after a drag ends. */
  onColumnsResized?(sizing: Record<string, number>): void;
  /** A keyboard step (px) on a column's resize handle. */
  onKeyboardResize?(columnId: string, step: number): void;
  sort?: ListSort | null;
  onSort?(sort: ListSort): void;
  /** The scrolling box's size, e.g. "max-h-[68vh]". */
  heightClass?: string;
}

function DataTableImpl<T extends RowData>(props: DataTableProps<T>) {
  const { arrangement, sort, onSort, onColumnsResized } = props;
  // Widths follow a drag live; the view hears of them once the drag ends.
  const [liveSizing, setLiveSizing] = useState(arrangement?.sizing ?? {});
  const [savedSizing, setSavedSizing] = useState(arrangement?.sizing);
  if (arrangement?.sizing !== savedSizing) {
    setSavedSizing(arrangement?.sizing);
    setLiveSizing(arrangement?.sizing ?? {});
  }
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.column, desc: sort.desc }] : []),
    [sort],
  );
  const table = useTable({
    features: listFeatures,
    columns: props.columns,
    data: props.rows as T[],
    getRowId: props.rowId,
    meta: props.meta,
    columnResizeMode: 'onChange',
    enableSorting: onSort !== undefined,
    manualSorting: true,
    enableSortingRemoval: false,
    // Never the automatic direction: it reads the first row of a row model built over the list.
    sortDescFirst: false,
    enableColumnResizing: onColumnsResized !== undefined,
    state: {
      sorting,
      columnSizing: liveSizing,
      ...(arrangement
        ? { columnVisibility: arrangement.visibility, columnOrder: arrangement.order }
        : {}),
    },
    onColumnSizingChange: setLiveSizing,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next) onSort?.({ column: next.id, desc: next.desc });
    },
  });

  const resizing = table.state.columnResizing.isResizingColumn;
  const latest = useRef({ liveSizing, savedSizing, onColumnsResized });
  latest.current = { liveSizing, savedSizing, onColumnsResized };
  useEffect(() => {
    // A drag has ended: TanStack's resizing state is the only signal of it.
    if (resizing !== false) return;
    const { liveSizing: live, savedSizing: saved, onColumnsResized: report } = latest.current;
    if (Object.entries(live).some(([id, width]) => saved?.[id] !== width)) report?.(live);
  }, [resizing]);

  // TanStack's React adapter hands back a copy of the table each render; its columns hold
  // the instance itself, whose options it keeps current. Rows are built on that one, so a
  // cached row's cells read this render's options (the locale's formatters in `meta`).
  const columns = table.getVisibleLeafColumns();
  const instance = table.getAllLeafColumns()[0]?.table ?? table;
  const cache = useMemo(() => new RowCache(instance, props.rowId), [instance, props.rowId]);
  const handlers = useRef<RowHandlers<T>>({ cursor: props.cursor, onOpen: props.onOpen });
  handlers.current = { cursor: props.cursor, onOpen: props.onOpen };

  const body = {
    table,
    columns,
    rows: props.rows,
    cache,
    handlers,
    activeIndex: props.cursor.activeIndex,
    attach: props.cursor.attach,
    rowData: props.rowData,
    rowClass: props.rowClass,
    meta: props.meta,
    label: props.label,
    testId: props.testId,
    scrollerTestId: props.scrollerTestId,
    busy: props.busy ?? false,
    heightClass: props.heightClass,
    sized: props.sized === true || props.rowHeight !== undefined,
    onKeyboardResize: props.onKeyboardResize,
  };
  return props.rowHeight === undefined ? (
    <TableBody {...body} />
  ) : (
    <FixedRowsBody {...body} rowHeight={props.rowHeight} />
  );
}

/**
 * Memoised: a view re-renders for counts, facets or a selection bar, and the rows need not
 * (pass module-scope columns and stable callbacks to keep it so).
 */
export const DataTable = memo(DataTableImpl) as <T extends RowData>(
  props: DataTableProps<T>,
) => ReactNode;
