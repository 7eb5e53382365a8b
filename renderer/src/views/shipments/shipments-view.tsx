/**
 * The Shipments view: the whole list (the API answers one plain array, read as it arrives, so
 * the first rows show while the rest load) in a virtualized grid,
 * sorted, filtered and searched in the browser. Each column's keys are ranked once per list
 * (ui/list/row-orders.ts, in idle time once the list is whole), so a sort is a counting pass
 * done in the click's own render; filtering walks the sorted list. Filtering, and a sort whose
 * keys are not ranked yet, are read through useDeferredValue, so typing in the search box and
 * ticking filters stay responsive while a 100,000-row pass runs in a lower-priority render.
 * Filters and sort are kept across restarts (settings.views.shipments); the search text is
 * written a moment after typing stops.
 */
import { RefreshCw } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  SHIPMENT_COLUMNS,
  shipmentRowData,
  shipmentRowId,
  shipmentsMeta,
} from '../../features/shipments/shipment-columns';
import {
  filterShipments,
  type ShipmentFilters,
  SORT_COLUMNS,
  type SortColumn,
  shipmentSortKey,
} from '../../features/shipments/shipment-filters';
import type { ShipmentRow } from '../../features/shipments/shipment-rows';
import { useShipmentRows, useShipmentsSettings } from '../../features/shipments/use-shipments';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable, type ListSort } from '../../ui/list/data-table';
import { useGrownDistinct } from '../../ui/list/grown-distinct';
import { ListFrame } from '../../ui/list/list-frame';
import { prepareWhenIdle, RowOrders } from '../../ui/list/row-orders';
import { NO_ROWS, useListView } from '../../ui/list/use-list-view';
import { ViewPage } from '../view-page';
import { ShipmentFilterBar } from './shipment-filter-bar';

/** How long after the last keystroke the search text is written to the settings file. */
const SAVE_SEARCH_AFTER_MS = 600;
/** The grid: rows of one fixed height, so it never measures them (fixed-rows.tsx). */
const SHIPMENTS_GRID = {
  label: 'Shipments',
  testId: 'shipments-grid',
  scrollerTestId: 'shipments-scroller',
  rowHeight: 34,
  columns: SHIPMENT_COLUMNS,
  rowId: shipmentRowId,
  rowData: shipmentRowData,
};

const SHIPMENTS = { one: 'shipment', many: 'shipments', testId: 'shipments' };

const isSortColumn = (id: string): id is SortColumn =>
  (SORT_COLUMNS as readonly string[]).includes(id);

export function ShipmentsView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const settings = useShipmentsSettings();
  const list = useShipmentRows();
  const rows = list.data?.rows ?? NO_ROWS;
  const { filters: saved, sort } = settings.value;

  // The search box answers every keystroke; the saved filters follow a moment later.
  const [search, setSearch] = useState(saved.q);
  const adopted = useRef(false);
  useEffect(() => {
    if (!settings.loaded || adopted.current) return;
    adopted.current = true;
    setSearch(saved.q);
  }, [settings.loaded, saved.q]);
  const filters = useMemo<ShipmentFilters>(() => ({ ...saved, q: search }), [saved, search]);
  const setFilters = (next: ShipmentFilters) => {
    setSearch(next.q);
    settings.update({ filters: next });
  };
  const { update } = settings;
  useEffect(() => {
    if (!adopted.current || search === saved.q) return;
    const timer = setTimeout(
      () => update({ filters: { ...saved, q: search } }),
      SAVE_SEARCH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [search, saved, update]);

  // The list's orders by column (row-orders.ts): each column's keys ranked once per list, in
  // idle time once the list is whole, so a header click is a counting pass done at once; a sort
  // whose keys are not ranked yet runs in a deferred render, as filtering does.
  const [orders] = useState(() => new RowOrders<ShipmentRow>(byColumn));
  // Once the list is whole and no read is under way (a refresh would replace these rows).
  const settled = list.data?.complete === true && !list.isFetching;
  useEffect(
    () => (settled ? prepareWhenIdle(orders, rows, SORT_COLUMNS) : undefined),
    [orders, rows, settled],
  );
  const deferredSort = useDeferredValue(sort);
  const sortNow = orders.ready(rows, sort.column) ? sort : deferredSort;
  const deferredFilters = useDeferredValue(filters);
  const sorted = useMemo(
    () => orders.sorted(rows, sortNow.column, sortNow.desc),
    [orders, rows, sortNow],
  );
  const shown = useMemo(() => filterShipments(sorted, deferredFilters), [sorted, deferredFilters]);
  const pending = sortNow !== sort || deferredFilters !== filters;
  // Read from where the last chunk ended, not over the whole list at each chunk.
  const carriers = useGrownDistinct(rows, carrierOf);

  const open = useCallback(
    (row: ShipmentRow) => navigate(`/shipments/${encodeURIComponent(row.id)}`),
    [navigate],
  );
  const meta = useMemo(() => shipmentsMeta(format), [format]);
  const grid = useListView({
    group: 'Shipments',
    rows: shown,
    // A new result (sort, filter, search) starts at its first row; rows arriving do not move it.
    resetKey: `${JSON.stringify(sortNow)}\n${JSON.stringify(deferredFilters)}`,
    open,
    openLabel: 'Open the shipment',
    meta,
  });
  const onSort = useCallback(
    (next: ListSort) => {
      if (isSortColumn(next.column)) update({ sort: { column: next.column, desc: next.desc } });
    },
    [update],
  );
  const gridSort = useMemo(() => ({ column: sort.column, desc: sort.desc }), [sort]);

  return (
    <ViewPage
      title="Shipments"
      actions={
        <Button busy={list.isFetching} onClick={() => void list.refetch()}>
          <RefreshCw aria-hidden className="size-4" /> Refresh
        </Button>
      }
    >
      <ShipmentFilterBar
        filters={filters}
        onChange={setFilters}
        carriers={carriers}
        search={search}
        onSearch={setSearch}
      />
      <ListFrame
        read={list}
        streamed={{
          list: list.data,
          noun: SHIPMENTS,
          shown: shown.length,
          onStop: list.stop,
          onResume: list.resume,
        }}
        footer={
          list.data?.complete &&
          shown.length === 0 && (
            <p className="text-sm text-muted">
              {rows.length === 0
                ? 'There are no shipments yet.'
                : 'No shipments match these filters.'}
            </p>
          )
        }
      >
        <DataTable
          {...SHIPMENTS_GRID}
          {...grid}
          busy={list.isFetching || pending}
          sort={gridSort}
          onSort={onSort}
        />
      </ListFrame>
    </ViewPage>
  );
}

const byColumn = (column: string) => shipmentSortKey(column as SortColumn);
const carrierOf = (row: ShipmentRow) => row.carrier;
