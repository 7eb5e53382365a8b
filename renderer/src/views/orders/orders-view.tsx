/**
 * The Orders workspace: stage tabs with counts, the filter bar, saved views, the selection
 * bar with bulk actions, the grid and the pager. State that must outlive the page (filters,
 * page size, columns, saved views) lives in the settings file through useOrdersViewSettings;
 * the selection lives in its store; the page number and the active row are this screen's.
 */
import { Columns3 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useUiStore } from '../../app/ui-store';
import type { ColumnState } from '../../features/orders/column-state';
import type { Order } from '../../features/orders/order-facts';
import { filtersKey, type OrderViewFilters } from '../../features/orders/order-filters';
import { useSelectionStore } from '../../features/orders/selection-store';
import type { StageTab } from '../../features/orders/use-orders-queries';
import {
  useOrderFacets,
  useOrdersPage,
  useStageCounts,
} from '../../features/orders/use-orders-queries';
import { useOrdersViewSettings } from '../../features/orders/use-view-settings';
import { deleteView, saveView } from '../../features/orders/view-settings';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { ViewPage } from '../view-page';
import { BulkActions } from './bulk-actions';
import { ColumnsDialog } from './columns-dialog';
import { FilterBar } from './filter-bar';
import { OrdersGrid } from './orders-grid';
import { Pager } from './pager';
import { SavedViewsMenu } from './saved-views-menu';
import { STAGE_PANEL_ID, StageTabs } from './stage-tabs';
import { useGridShortcuts } from './use-grid-shortcuts';

export function OrdersView() {
  const [, navigate] = useLocation();
  const settings = useOrdersViewSettings();
  const { filters, pageSize, columns, savedViews } = settings.value;
  const key = filtersKey(filters);
  const [page, setPage] = useState(1);
  // A new filter or page size starts again at page 1 (the old page may not exist any more).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and size stand for the query
  useEffect(() => setPage(1), [key, pageSize]);

  const setFilters = (next: OrderViewFilters) => settings.update({ filters: next });
  useHeaderSearch(filters, setFilters, settings.loaded);

  const pageQuery = useOrdersPage({ filters, page, pageSize }, settings.loaded);
  // The tab counts (six list calls) wait for the first page: on opening the console the rows
  // the person came for are asked first, not queued behind the counts (ui-orders bench).
  const counts = useStageCounts(filters, settings.loaded && pageQuery.data !== undefined);
  const facets = useOrderFacets(settings.loaded);
  const orders = useMemo(() => pageQuery.data?.results ?? [], [pageQuery.data]);
  const total = pageQuery.data?.count;

  const [activeIndex, setActiveIndex] = useState(0);
  const [focusToken, setFocusToken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its first row
  useEffect(() => setActiveIndex(0), [key, page, pageSize]);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [printFocused, setPrintFocused] = useState<{ id: number; token: number } | null>(null);

  const openOrder = (id: number) => navigate(`/orders/${id}`);
  // Stable callbacks: the grid is memoized, so a tab count or the facets arriving does not
  // render its 50 rows again (the ui-orders bench's page and filter changes).
  const { update } = settings;
  const saveColumns = useCallback(
    (c: ColumnState | ((latest: ColumnState) => ColumnState)) =>
      update(
        typeof c === 'function' ? (latest) => ({ columns: c(latest.columns) }) : { columns: c },
      ),
    [update],
  );
  const openRow = useCallback((order: Order) => navigate(`/orders/${order.id}`), [navigate]);
  useGridShortcuts({
    rowCount: orders.length,
    activeIndex,
    move: (i) => {
      setActiveIndex(i);
      setFocusToken((t) => t + 1);
    },
    open: (i) => orders[i] && openOrder(orders[i].id),
    toggle: (i) => orders[i] && useSelectionStore.getState().toggle(orders[i].id),
    print: (i) => orders[i] && setPrintFocused({ id: orders[i].id, token: Date.now() }),
  });

  return (
    <ViewPage
      title="Orders"
      actions={
        <div className="flex gap-2">
          <SavedViewsMenu
            views={savedViews}
            onApply={(view) => setFilters(view.filters)}
            onSave={(name) =>
              settings.update({
                savedViews: saveView(savedViews, name, filters, () => crypto.randomUUID()),
              })
            }
            onDelete={(id) => settings.update({ savedViews: deleteView(savedViews, id) })}
          />
          <Button onClick={() => setColumnsOpen(true)}>
            <Columns3 aria-hidden className="size-4" />
            Columns…
          </Button>
        </div>
      }
    >
      <StageTabs
        value={filters.stage ?? 'all'}
        counts={counts}
        onChange={(tab: StageTab) => setFilters({ ...filters, stage: tab === 'all' ? null : tab })}
      />
      <FilterBar
        filters={filters}
        onChange={setFilters}
        facets={facets.data}
        facetsError={facets.error}
      />
      <BulkActions filters={filters} matching={total} printFocused={printFocused} />
      <div
        id={STAGE_PANEL_ID}
        role="tabpanel"
        aria-label="Orders list"
        className="flex flex-col gap-gap"
      >
        {pageQuery.isError ? (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
          >
            <span>The orders could not be loaded: {errorMessage(pageQuery.error)}</span>
            <Button className="ml-auto" onClick={() => void pageQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        <OrdersGrid
          orders={orders}
          stage={filters.stage}
          columns={columns}
          onColumnsChange={saveColumns}
          activeIndex={activeIndex}
          onActiveIndexChange={setActiveIndex}
          focusToken={focusToken}
          onOpen={openRow}
          busy={pageQuery.isFetching}
        />
        {pageQuery.isSuccess && orders.length === 0 && (
          <p className="text-sm text-muted">No orders match these filters.</p>
        )}
        {!pageQuery.data && pageQuery.isPending && (
          <p className="text-sm text-muted">Loading orders…</p>
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={pageQuery.isPlaceholderData ? undefined : total}
          onPage={setPage}
          onPageSize={(size) => settings.update({ pageSize: size })}
        />
      </div>
      <ColumnsDialog
        open={columnsOpen}
        onOpenChange={setColumnsOpen}
        columns={columns}
        onChange={(c) => settings.update({ columns: c })}
      />
    </ViewPage>
  );
}

/** The header's search box: what was searched there becomes this view's `q` filter. */
function useHeaderSearch(
  filters: OrderViewFilters,
  setFilters: (f: OrderViewFilters) => void,
  loaded: boolean,
) {
  const search = useUiStore((s) => s.orderSearch);
  const setSearch = useUiStore((s) => s.setOrderSearch);
  useEffect(() => {
    if (!loaded || search === '') return;
    // Taken once: coming back to the view later must not undo a search changed here.
    setSearch('');
    if (search !== filters.q) setFilters({ ...filters, q: search });
  }, [loaded, search, setSearch, filters, setFilters]);
}
