/**
 * The Orders workspace: stage tabs with counts, the filter bar, saved views, the selection
 * bar with bulk actions, the grid and the pager. State that must outlive the page (filters,
 * page size, columns, saved views) lives in the settings file through useOrdersViewSettings;
 * the selection lives in its store; the page number and the active row are this screen's.
 */
import { Columns3 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { ColumnState } from '../../features/orders/column-state';
import type { Order } from '../../features/orders/order-facts';
import {
  activeFilterCount,
  filtersKey,
  type OrderViewFilters,
  STAGE_LABELS,
} from '../../features/orders/order-filters';
import { useOrderSearchStore } from '../../features/orders/order-search-store';
import { useSelectionStore } from '../../features/orders/selection-store';
import { useBulkActions } from '../../features/orders/use-bulk-actions';
import type { StageTab } from '../../features/orders/use-orders-queries';
import {
  useOrderFacets,
  useOrdersPage,
  useStageCounts,
} from '../../features/orders/use-orders-queries';
import { useOrdersViewSettings } from '../../features/orders/use-view-settings';
import { deleteView, ORDERS_PAGER, saveView } from '../../features/orders/view-settings';
import { InterruptedBatches } from '../../features/printing/interrupted-batches';
import { knownCount } from '../../query/bridge-query';
import { Button } from '../../ui/button';
import { ListFrame } from '../../ui/list/list-frame';
import { PageNotices } from '../../ui/list/page-notices';
import { NO_ROWS, useListView } from '../../ui/list/use-list-view';
import { usePaging } from '../../ui/list/use-paging';
import { isAfterG, useKeyHistory } from '../../ui/shortcuts/key-history';
import { toast } from '../../ui/toast-store';
import { ViewPage } from '../view-page';
import { BulkActions } from './bulk-actions';
import { ColumnsDialog } from './columns-dialog';
import { clearOrderFilters, OrdersFilterBar } from './orders-filter-bar';
import { OrdersGrid } from './orders-grid';
import { SavedViewsMenu } from './saved-views-menu';
import { STAGE_PANEL_ID, StageTabs } from './stage-tabs';

export function OrdersView() {
  const [, navigate] = useLocation();
  const settings = useOrdersViewSettings();
  const { filters, pageSize, columns, savedViews } = settings.value;
  const key = `${filtersKey(filters)}|${pageSize}`;
  const paging = usePaging(key, pageSize, (size) => settings.update({ pageSize: size }));
  const { page } = paging;

  const setFilters = (next: OrderViewFilters) => settings.update({ filters: next });
  useHeaderSearch(filters, setFilters, settings.loaded);

  const pageQuery = useOrdersPage({ filters, page, pageSize }, settings.loaded);
  // The tab counts (six list calls) wait for the first page: on opening the console the rows
  // the person came for are asked first, not queued behind the counts (ui-orders bench).
  const counts = useStageCounts(filters, settings.loaded && pageQuery.data !== undefined);
  const facets = useOrderFacets(settings.loaded);
  const orders = pageQuery.data?.results ?? NO_ROWS;
  const total = knownCount(pageQuery);

  const [columnsOpen, setColumnsOpen] = useState(false);
  const actions = useBulkActions();

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
  const openOrder = useCallback((order: Order) => navigate(`/orders/${order.id}`), [navigate]);
  useKeyHistory();
  const { cursor } = useListView({
    group: 'Orders',
    rows: orders,
    resetKey: `${key}|${page}`,
    open: openOrder,
    openLabel: 'Open the order',
    rowKeys: [
      {
        id: 'select',
        keys: ['x'],
        label: 'Select or clear the row',
        run: (order) => useSelectionStore.getState().toggle(order.id),
      },
      {
        id: 'print-label',
        keys: ['p'],
        label: 'Print the row’s label',
        // "p" also ends "g p" (go to Print queue): a p right after a g is that, never a print.
        // Straight to the routed printer: a pack station prints one label without a dialog.
        run: (order) => {
          if (isAfterG()) return;
          if (actions.running) {
            toast('Bulk work is running', {
              tone: 'warning',
              description: 'Wait for it or cancel it, then print again.',
            });
          } else void actions.printLabels([order.id], {});
        },
      },
    ],
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
      <InterruptedBatches />
      <StageTabs
        value={filters.stage ?? 'all'}
        counts={counts}
        onChange={(tab: StageTab) => setFilters({ ...filters, stage: tab === 'all' ? null : tab })}
      />
      <OrdersFilterBar
        filters={filters}
        onChange={setFilters}
        facets={facets.data}
        facetsError={facets.error}
      />
      <BulkActions filters={filters} matching={total} actions={actions} />
      <ListFrame
        id={STAGE_PANEL_ID}
        role="tabpanel"
        label="Orders list"
        read={pageQuery}
        what="The orders"
        notices={<PageNotices page={pageQuery.data} noun={['order', 'orders']} />}
        rowCount={orders.length}
        filterCount={activeFilterCount(filters)}
        onClearFilters={() => setFilters(clearOrderFilters(filters))}
        emptyNoun={filters.stage ? `${STAGE_LABELS[filters.stage].toLowerCase()} orders` : 'orders'}
        loading="Loading orders…"
        pager={{ ...ORDERS_PAGER, ...paging, total }}
      >
        <OrdersGrid
          orders={orders}
          stage={filters.stage}
          columns={columns}
          onColumnsChange={saveColumns}
          cursor={cursor}
          onOpen={openOrder}
          busy={pageQuery.isFetching}
        />
      </ListFrame>
      <ColumnsDialog
        open={columnsOpen}
        onOpenChange={setColumnsOpen}
        columns={columns}
        onChange={(c) => settings.update({ columns: c })}
      />
    </ViewPage>
  );
}

/**
 * The header's search box: what was searched there becomes this view's `q` filter, across
 * all stages (a person looking for an order does not know its stage): the tabs' counts then
 * say where the matches are.
 */
function useHeaderSearch(
  filters: OrderViewFilters,
  setFilters: (f: OrderViewFilters) => void,
  loaded: boolean,
) {
  const search = useOrderSearchStore((s) => s.search);
  const setSearch = useOrderSearchStore((s) => s.setSearch);
  useEffect(() => {
    if (!loaded || search === '') return;
    // Taken once: coming back to the view later must not undo a search changed here.
    setSearch('');
    if (search !== filters.q || filters.stage !== null) {
      setFilters({ ...filters, q: search, stage: null });
    }
  }, [loaded, search, setSearch, filters, setFilters]);
}
