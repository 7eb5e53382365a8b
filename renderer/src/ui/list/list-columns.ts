/**
 * Column definitions for the DataTable: TanStack Table v9 columns over the features every
 * list may use (visibility, order, sizes, resizing, sorting). Define them once at module
 * scope, so the table's memos stay put:
 *
 *   const col = listColumns<Return>();
 *   export const RETURN_COLUMNS = [
 *     col.accessor((r) => r.rma_number, { id: 'rma', header: 'RMA', cell: ({ row }) => … }),
 *     col.accessor((r) => r.total_value, { id: 'value', header: 'Value', meta: NUMBER }),
 *   ];
 *
 * Cells are called as plain functions, not mounted as components (a 100,000-row grid mounts
 * a dozen cells per row entering the view on every scroll frame): a `cell` uses no hooks;
 * one that needs a hook returns an element of a component that does. What every cell of a
 * table needs (the locale's formatters, the stage tab in force) comes through the table's
 * `meta` (`cellMeta(table)`), not through a hook per cell.
 */
import {
  type CellData,
  type ColumnHelper,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type Table,
  type TableFeatures,
  tableFeatures,
} from '@tanstack/react-table';

export const listFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
});

export type ListFeatures = typeof listFeatures;

/** A table's columns, as `listColumns<T>().columns([...])` gives them (each keeps its value type). */
export type ListColumns<T extends RowData> = ReturnType<ColumnHelper<ListFeatures, T>['columns']>;

export type ListTable<T extends RowData> = Table<ListFeatures, T>;

export const listColumns = <T extends RowData>() => createColumnHelper<ListFeatures, T>();

declare module '@tanstack/react-table' {
  interface ColumnMeta<
    in out TFeatures extends TableFeatures,
    in out TData extends RowData,
    TValue extends CellData = CellData,
  > {
    /** Classes for this column's cells (alignment, type). */
    cellClass?: string;
    /** Classes for its header cell. */
    headerClass?: string;
  }
}

/** Right-aligned figures that line up (counts, money). */
export const NUMBER_COLUMN = { cellClass: 'text-right tabular-nums', headerClass: 'text-right' };

/** What the table's cells share, typed by the caller (the locale's formatters, …). */
export function cellMeta<M>(table: { options: { meta?: unknown } }): M {
  return table.options.meta as M;
}

/** A text cell: the value, or a dash for none or blank. */
export const orDash = (value: string | null | undefined): string =>
  value && value.trim() !== '' ? value : '—';

/** Cells that keep to one line (dates, codes). */
export const NOWRAP_COLUMN = { cellClass: 'whitespace-nowrap' };

/** More distinct values than this and a per-value cache stops keeping new ones. */
const PER_VALUE_HELD = 256;

/**
 * A cell's content made once per value and handed out again: for columns of a few values
 * (a status, an SLA) in lists of tens of thousands, where each row entering the view would
 * otherwise build the same badge again (issue 34). React lets one element stand in many
 * places. Bounded, so a column of unexpected values still works, uncached past the bound.
 */
export function perValue<V, R>(make: (value: V) => R): (value: V) => R {
  const made = new Map<V, R>();
  return (value) => {
    let result = made.get(value);
    if (result === undefined) {
      result = make(value);
      if (made.size < PER_VALUE_HELD) made.set(value, result);
    }
    return result;
  };
}
