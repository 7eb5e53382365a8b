/**
 * What the table (data-table.tsx) hands either of its two layouts, the native table
 * (table-body.tsx) and the fixed rows (fixed-rows.tsx): in a file of its own, so the layouts
 * do not import the table that imports them.
 */
import type { Column, ReactTable, RowData } from '@tanstack/react-table';
import type { ListFeatures } from './list-columns';
import type { RowAttributes, RowCache, RowHandlers } from './list-row';
import type { ListCursor } from './use-list-cursor';

/** What the two layouts get from the table. */
export type BodyProps<T extends RowData> = {
  table: ReactTable<ListFeatures, T>;
  /** The visible columns in order (TanStack keeps the array while they stay the same). */
  columns: Column<ListFeatures, T, unknown>[];
  rows: readonly T[];
  cache: RowCache<T>;
  handlers: { current: RowHandlers<T> };
  activeIndex: number;
  attach: ListCursor['attach'];
  rowData?(row: T): RowAttributes;
  rowClass?(row: T): string | false | undefined;
  meta: unknown;
  label: string;
  testId: string;
  scrollerTestId?: string;
  busy: boolean;
  heightClass?: string;
  sized: boolean;
  onKeyboardResize?(columnId: string, step: number): void;
};
