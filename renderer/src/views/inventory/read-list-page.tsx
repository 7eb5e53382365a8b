/**
 * The page of an inventory list read whole rather than by pages (the expired rows, the recall
 * list, the reorder list): the Inventory tabs, the filters with the read's status, the CSV
 * export's status, the grid, and the line that sums the list up once it is read. Each row is
 * about one product, and Enter opens that product's stock; the active row starts again at the
 * top when the address (the filters) changes.
 */
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataTable, type DataTableProps } from '../../ui/list/data-table';
import { ListFrame, ListSummary } from '../../ui/list/list-frame';
import { useListView } from '../../ui/list/use-list-view';
import { ViewPage } from '../view-page';
import { type InventoryTab, InventoryTabs } from './inventory-tabs';
import type { ReadListExport } from './use-read-list-export';

/** What one such list is: its page, its grid and where its rows lead. */
export interface ReadList<T extends RowData> {
  /** The page's title, also the shortcut sheet's section. */
  title: string;
  tab: InventoryTab;
  grid: Pick<DataTableProps<T>, 'label' | 'testId' | 'columns' | 'rowId' | 'rowData'>;
  summaryTestId: string;
  /** The product a row is about. */
  product(row: T): number;
  /** Its CSV export, if it has one (useReadListExport). */
  csv?: ReadListExport<T>;
}

export function ReadListPage<T extends RowData>({
  list,
  rows,
  busy,
  csv,
  summary,
  meta,
  children,
}: {
  list: ReadList<T>;
  /** What the cells share beyond the formatters (memoised by the view); must carry `format`. */
  meta?: object;
  rows: readonly T[];
  /** The read is under way (a refresh shows the rows it has meanwhile). */
  busy: boolean;
  /** The CSV export's button and status (useCsvExportFlow). */
  csv?: { trigger: ReactNode; status: ReactNode };
  /** The summing-up line, once there is something to sum up. */
  summary: ReactNode;
  /** The filters and the read's status. */
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const view = useListView({
    group: list.title,
    rows,
    resetKey: search,
    open: (row: T) => navigate(`/inventory/${list.product(row)}`),
    openLabel: 'Open the product’s stock',
    meta,
  });
  return (
    <ViewPage title={list.title} actions={csv?.trigger}>
      <InventoryTabs current={list.tab} />
      <div className="flex flex-wrap items-end gap-4">{children}</div>
      {csv?.status}
      <ListFrame
        label={list.grid.label}
        footer={summary && <ListSummary testId={list.summaryTestId}>{summary}</ListSummary>}
      >
        <DataTable {...list.grid} {...view} busy={busy} />
      </ListFrame>
    </ViewPage>
  );
}
