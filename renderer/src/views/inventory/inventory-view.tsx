/**
 * The stock levels view: the filter bar, one row per product and location, and the pager.
 * The filters and sort are in the view's address (useStockAddress), so a list can be
 * bookmarked; the filters are also kept in the settings file with the page size, so the view
 * opened without an address is as it was left after a restart. The page number and active row
 * are this screen's.
 */

import { useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import {
  activeInventoryFilterCount,
  EMPTY_INVENTORY_FILTERS,
  inventoryFiltersKey,
  toInventoryBridgeFilters,
} from '../../features/inventory/inventory-filters';
import { STOCK_PAGER } from '../../features/inventory/inventory-settings';
import type { StockLevel } from '../../features/inventory/stock-facts';
import { stockSortOf } from '../../features/inventory/stock-sort';
import { useSortedStockPage, useStockPage } from '../../features/inventory/use-inventory-queries';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { useLocations } from '../../features/locations/use-locations-queries';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods, knownCount } from '../../query/bridge-query';
import { DataTable } from '../../ui/list/data-table';
import { ListFrame } from '../../ui/list/list-frame';
import { PageNotices } from '../../ui/list/page-notices';
import { NO_ROWS, useListView } from '../../ui/list/use-list-view';
import { usePaging } from '../../ui/list/use-paging';
import { ViewPage } from '../view-page';
import { InventoryFilterBar } from './inventory-filter-bar';
import { InventoryTabs } from './inventory-tabs';
import { SortStatus } from './sort-status';
import { STOCK_GRID } from './stock-grid';
import { useStockAddress } from './use-stock-address';

export function InventoryView() {
  const settings = useInventorySettings();
  const { pageSize } = settings.value;
  const { filters, sort, setFilters, setSort } = useStockAddress(settings);
  const [, navigate] = useLocation();
  const key = `${inventoryFiltersKey(filters)}|${pageSize}|${sort?.column}|${sort?.desc}`;
  const paging = usePaging(key, pageSize, (size) => settings.update({ pageSize: size }));
  const { page } = paging;

  const plain = useStockPage({ filters, page, pageSize }, settings.loaded && sort === null);
  const sortedWalk = useSortedStockPage({ filters, page, pageSize, sort }, settings.loaded);
  const sorted = sortedWalk.query;
  const pageQuery = sort ? sorted : plain;
  const locations = useLocations();
  const rows = pageQuery.data?.results ?? NO_ROWS;
  const total = knownCount(pageQuery);

  const list = useListView({
    group: 'Inventory',
    rows,
    resetKey: `${key}|${page}`,
    open: (row: StockLevel) => navigate(`/inventory/${row.product_id}`),
    openLabel: 'Open the product’s stock',
  });
  const client = useBridge();
  const queryClient = useQueryClient();
  // Read the whole list again (it is kept a few minutes), then show the page from the new one.
  const refreshSorted = async () => {
    if (!sort) return;
    await callBridge(client, 'inventorySortedPage', {
      filters: toInventoryBridgeFilters(filters),
      sort,
      page: 1,
      pageSize,
      fresh: true,
    }).catch(() => undefined);
    await invalidateMethods(queryClient, ['inventorySortedPage']);
  };
  const csv = useCsvExportFlow({
    noun: 'stock rows',
    matching: total,
    // Nothing to export is said, not written as a file holding a header only.
    unavailable: total === 0 ? 'There are no stock rows to export with these filters.' : null,
    // Every row of the current filters, read page by page by the bridge (no stock export).
    request: { method: 'inventoryExport', args: { filters: toInventoryBridgeFilters(filters) } },
  });

  return (
    <ViewPage
      title="Inventory"
      actions={
        <div className="flex items-center gap-2">
          {csv.trigger}
          <Link
            href="/locations"
            className="inline-flex h-control items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-medium hover:bg-raised"
          >
            <MapPin aria-hidden className="size-4" />
            Stock by location
          </Link>
        </div>
      }
    >
      <InventoryTabs current="stock" />
      <InventoryFilterBar
        filters={filters}
        onChange={setFilters}
        locations={locations.data}
        locationsError={locations.error}
      />
      {csv.status}
      <ListFrame
        label="Stock levels list"
        read={pageQuery}
        // A sort says its own failure (SortStatus), with the walk's bound: not twice.
        what={sort ? undefined : 'The stock levels'}
        notices={
          sort ? (
            <SortStatus
              sort={sort}
              query={sorted}
              walk={sortedWalk}
              onClear={() => setSort(null)}
              onRefresh={() => void refreshSorted()}
            />
          ) : (
            <PageNotices page={plain.data} noun={['stock row', 'stock rows']} />
          )
        }
        rowCount={rows.length}
        filterCount={activeInventoryFilterCount(filters)}
        onClearFilters={() => setFilters({ ...EMPTY_INVENTORY_FILTERS })}
        loading="Loading stock levels…"
        // A read that failed has no count to wait for: no "Counting…" under its error.
        pager={
          pageQuery.isError && total === undefined
            ? undefined
            : { ...STOCK_PAGER, ...paging, total }
        }
      >
        <DataTable
          label="Stock levels"
          {...STOCK_GRID}
          {...list}
          busy={pageQuery.isFetching}
          sort={sort}
          onSort={(next) => setSort(stockSortOf(next))}
        />
      </ListFrame>
    </ViewPage>
  );
}
