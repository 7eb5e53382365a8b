/**
 * The stock levels view: the filter bar, one row per product and location, and the pager.
 * Filters and page size live in the settings file (useInventorySettings), so the view is as
 * it was left after a restart; the page number and the active row are this screen's.
 */
import { MapPin } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { inventoryFiltersKey } from '../../features/inventory/inventory-filters';
import { INVENTORY_PAGE_SIZES } from '../../features/inventory/inventory-settings';
import { useStockPage } from '../../features/inventory/use-inventory-queries';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { useLocations } from '../../features/locations/use-locations-queries';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { CountPager } from '../../ui/count-pager';
import { ViewPage } from '../view-page';
import { InventoryFilterBar } from './inventory-filter-bar';
import { StockGrid } from './stock-grid';
import { useStockShortcuts } from './use-stock-shortcuts';

const STOCK_ROWS = { capital: 'Stock rows', lower: 'stock rows' };

export function InventoryView() {
  const [, navigate] = useLocation();
  const settings = useInventorySettings();
  const { filters, pageSize } = settings.value;
  const key = inventoryFiltersKey(filters);
  const [page, setPage] = useState(1);
  // A new filter or page size starts again at page 1 (the old page may not exist any more).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and size stand for the query
  useEffect(() => setPage(1), [key, pageSize]);

  const pageQuery = useStockPage({ filters, page, pageSize }, settings.loaded);
  const locations = useLocations();
  const rows = useMemo(() => pageQuery.data?.results ?? [], [pageQuery.data]);
  const total = pageQuery.data?.count;

  const [activeIndex, setActiveIndex] = useState(0);
  const [focusToken, setFocusToken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its first row
  useEffect(() => setActiveIndex(0), [key, page, pageSize]);
  const open = (index: number) => {
    const row = rows[index];
    if (row) navigate(`/inventory/${row.product_id}`);
  };
  useStockShortcuts({
    rowCount: rows.length,
    activeIndex,
    move: (i) => {
      setActiveIndex(i);
      setFocusToken((t) => t + 1);
    },
    open,
  });

  return (
    <ViewPage
      title="Inventory"
      actions={
        <Link
          href="/locations"
          className="inline-flex h-control items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-medium hover:bg-raised"
        >
          <MapPin aria-hidden className="size-4" />
          Stock by location
        </Link>
      }
    >
      <InventoryFilterBar
        filters={filters}
        onChange={(next) => settings.update({ filters: next })}
        locations={locations.data}
        locationsError={locations.error}
      />
      <section aria-label="Stock levels list" className="flex flex-col gap-gap">
        {pageQuery.isError ? (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
          >
            <span>The stock levels could not be loaded: {errorMessage(pageQuery.error)}</span>
            <Button className="ml-auto" onClick={() => void pageQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        <StockGrid
          rows={rows}
          activeIndex={activeIndex}
          onActiveIndexChange={setActiveIndex}
          focusToken={focusToken}
          onOpen={(row) => navigate(`/inventory/${row.product_id}`)}
          busy={pageQuery.isFetching}
        />
        {pageQuery.isSuccess && rows.length === 0 && (
          <p className="text-sm text-muted">No stock matches these filters.</p>
        )}
        {!pageQuery.data && pageQuery.isPending && (
          <p className="text-sm text-muted">Loading stock levels…</p>
        )}
        <CountPager
          noun={STOCK_ROWS}
          pageSizes={INVENTORY_PAGE_SIZES}
          testIds={{ range: 'inventory-range', page: 'inventory-pages' }}
          page={page}
          pageSize={pageSize}
          total={pageQuery.isPlaceholderData ? undefined : total}
          onPage={setPage}
          onPageSize={(size) => settings.update({ pageSize: size })}
        />
      </section>
    </ViewPage>
  );
}
