/**
 * The Shipments view: the whole list (the API answers one plain array) in a virtualized grid,
 * sorted, filtered and searched in the browser. Sorting runs once per sort key over the whole
 * list and filtering walks that sorted list; both are memoised and read through
 * useDeferredValue, so typing in the search box and ticking filters stay responsive while a
 * 100,000-row pass runs in a lower-priority render. Filters and sort are kept across restarts
 * (settings.views.shipments); the search text is written a moment after typing stops.
 */
import { RefreshCw } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useFormatters } from '../../features/format/use-formatters';
import {
  filterShipments,
  type ShipmentFilters,
  sortShipments,
} from '../../features/shipments/shipment-filters';
import type { ShipmentRow } from '../../features/shipments/shipment-rows';
import { useShipmentRows, useShipmentsSettings } from '../../features/shipments/use-shipments';
import { useShortcuts } from '../../features/shortcuts/use-shortcuts';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { ViewPage } from '../view-page';
import { ShipmentFilterBar } from './shipment-filter-bar';
import { ShipmentsGrid } from './shipments-grid';

const EMPTY: readonly ShipmentRow[] = [];
/** How long after the last keystroke the search text is written to the settings file. */
const SAVE_SEARCH_AFTER_MS = 600;

export function ShipmentsView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const settings = useShipmentsSettings();
  const list = useShipmentRows();
  const rows = list.data ?? EMPTY;
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

  const deferredSort = useDeferredValue(sort);
  const deferredFilters = useDeferredValue(filters);
  const sorted = useMemo(() => sortShipments(rows, deferredSort), [rows, deferredSort]);
  const shown = useMemo(() => filterShipments(sorted, deferredFilters), [sorted, deferredFilters]);
  const pending = deferredSort !== sort || deferredFilters !== filters;
  const carriers = useMemo(() => distinct(rows, (r) => r.carrier), [rows]);

  const [activeIndex, setActiveIndex] = useState(0);
  const [focusToken, setFocusToken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result starts at its first row
  useEffect(() => setActiveIndex(0), [shown]);
  const open = (row: ShipmentRow | undefined) =>
    row && navigate(`/shipments/${encodeURIComponent(row.id)}`);
  const move = (i: number) => {
    setActiveIndex(Math.max(0, Math.min(shown.length - 1, i)));
    setFocusToken((t) => t + 1);
  };
  useShortcuts([
    {
      id: 'shipments.next-row',
      keys: ['j'],
      label: 'Next row',
      group: 'Shipments',
      run: () => shown.length > 0 && move(activeIndex + 1),
    },
    {
      id: 'shipments.previous-row',
      keys: ['k'],
      label: 'Previous row',
      group: 'Shipments',
      run: () => shown.length > 0 && move(activeIndex - 1),
    },
    {
      id: 'shipments.open',
      keys: ['Enter'],
      label: 'Open the shipment',
      group: 'Shipments',
      run: (event) => {
        const target = event.target;
        // Enter on a button or link elsewhere keeps doing what it does there.
        if (target instanceof HTMLElement && target !== document.body) {
          if (!target.closest('[role="row"][data-shipment-id]')) {
            if (target.matches('button, a[href], [role="button"]')) target.click();
            return;
          }
        }
        open(shown[activeIndex]);
      },
    },
  ]);

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
      {list.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
        >
          <span>The shipments could not be loaded: {errorMessage(list.error)}</span>
          <Button className="ml-auto" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      )}
      <p className="text-sm text-muted" aria-live="polite" data-testid="shipments-count">
        {list.isPending
          ? 'Loading shipments…'
          : `${format.number(shown.length)} of ${format.number(rows.length)} shipments`}
      </p>
      <ShipmentsGrid
        rows={shown}
        sort={sort}
        onSort={(next) => settings.update({ sort: next })}
        activeIndex={activeIndex}
        onActiveIndexChange={setActiveIndex}
        focusToken={focusToken}
        onOpen={open}
        busy={list.isFetching || pending}
      />
      {list.isSuccess && shown.length === 0 && (
        <p className="text-sm text-muted">
          {rows.length === 0 ? 'There are no shipments yet.' : 'No shipments match these filters.'}
        </p>
      )}
    </ViewPage>
  );
}

function distinct(rows: readonly ShipmentRow[], key: (r: ShipmentRow) => string): string[] {
  const set = new Set<string>();
  for (const r of rows) {
    const v = key(r);
    if (v !== '') set.add(v);
  }
  return [...set].sort();
}
