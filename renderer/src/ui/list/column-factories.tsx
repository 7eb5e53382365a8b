/**
 * The column shapes the grids repeat, each built in one place: a text column that shows a
 * dash for none, a figure in the locale's digits, and the column that opens the row's page.
 * Each factory returns an ordinary column definition (list-columns.ts), so a table mixes them
 * with its own in `col.columns([...])`.
 * Figures read the locale's formatters from the table's meta, which such a table carries as
 * `format`.
 */
import type { ColumnMeta, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Formatters } from '../format/formatters';
import {
  cellMeta,
  type ListFeatures,
  type ListTable,
  listColumns,
  NOWRAP_COLUMN,
  NUMBER_COLUMN,
  orDash,
} from './list-columns';

/** The table meta the figure columns read: the locale's formatters. */
export interface FormatMeta {
  format: Formatters;
}

/** The locale's formatters, from a table whose meta carries them. */
export const formatOf = (table: { options: { meta?: unknown } }): Formatters =>
  cellMeta<FormatMeta>(table).format;

type Meta<T extends RowData> = ColumnMeta<ListFeatures, T>;

/** What names a column: its id (the saved views' key) and its header. */
interface ColumnName<T extends RowData> {
  id: string;
  header: string | (() => ReactNode);
  meta?: Meta<T>;
  /** A starting width in pixels (grids with fixed rows lay columns out by it). */
  size?: number;
}

/** Right-aligned figures set bold (the number a row is read for). */
export const STRONG_NUMBER_COLUMN = {
  ...NUMBER_COLUMN,
  cellClass: `${NUMBER_COLUMN.cellClass} font-semibold`,
};

/** A text value, or a dash for none or blank. */
export function textColumn<T extends RowData>(
  get: (row: T) => string | null | undefined,
  { id, header, meta }: ColumnName<T>,
) {
  return listColumns<T>().accessor(get, {
    id,
    header,
    ...(meta ? { meta } : {}),
    cell: ({ getValue }) => orDash(getValue()),
  });
}

/** A count, right-aligned in the locale's digits. */
export function countColumn<T extends RowData>(
  get: (row: T) => number,
  { id, header, meta = NUMBER_COLUMN }: ColumnName<T>,
) {
  return listColumns<T>().accessor(get, {
    id,
    header,
    meta,
    cell: ({ getValue, table }) => formatOf(table).number(getValue()),
  });
}

/**
 * The column that opens its row's page: a link too (out of the Tab order: the row is the one
 * stop, and Enter on it opens the same page), so a click opens it. A plain anchor on the hash
 * route: a router Link per row would subscribe to the location in every row on screen.
 */
export function linkColumn<T extends RowData, V extends string | number>(
  get: (row: T) => V,
  { id, header, meta = NOWRAP_COLUMN, size }: ColumnName<T>,
  link: {
    /** The page's route: `/returns/12` (its segments already encoded). */
    path(row: T): string;
    /** What the link reads; default the column's value. */
    text?(row: T, table: ListTable<T>): ReactNode;
    className?: string;
  },
) {
  return listColumns<T>().accessor(get, {
    id,
    header,
    meta,
    ...(size === undefined ? {} : { size }),
    cell: ({ row, getValue, table }) => (
      <a
        href={`#${link.path(row.original)}`}
        tabIndex={-1}
        className={link.className ?? 'underline'}
      >
        {link.text ? link.text(row.original, table) : getValue()}
      </a>
    ),
  });
}
