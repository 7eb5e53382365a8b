/**
 * What every list view wires the same way around its grid: the active row (reset when
 * `resetKey` changes: a new filter, page or sort), the list's keys on the shortcut sheet
 * (j/k, Enter opens, the view's own row keys), and what the cells share (the formatters, or
 * the view's own memoised `meta`). Its answer spreads into the DataTable: `{...list}`.
 */
import { useMemo } from 'react';
import { useFormatters } from '../format/use-formatters';
import { type ListCursor, useListCursor } from './use-list-cursor';
import { type ListKeys, useListShortcuts } from './use-list-shortcuts';

/**
 * The rows of a list with no answer yet: one empty array that stays the same, so the memoised
 * grid and the hooks keyed on the rows do not see a new list on every render.
 */
export const NO_ROWS: readonly never[] = [];

export interface ListViewOptions<T> extends Omit<ListKeys<T>, 'cursor'> {
  /** A new value starts the list again at its first row. */
  resetKey: unknown;
  /** What the cells share, memoised by the view; default: the formatters (`{ format }`). */
  meta?: object;
}

export interface ListView<T> {
  rows: readonly T[];
  cursor: ListCursor;
  onOpen(row: T): void;
  meta: object;
}

export function useListView<T>({ resetKey, meta, ...keys }: ListViewOptions<T>): ListView<T> {
  const cursor = useListCursor(keys.rows.length, resetKey);
  useListShortcuts({ ...keys, cursor });
  const format = useFormatters();
  const formatOnly = useMemo(() => ({ format }), [format]);
  return { rows: keys.rows, cursor, onOpen: keys.open, meta: meta ?? formatOnly };
}
