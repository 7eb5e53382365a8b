/**
 * The recall list: every open recalled batch with stock, at the location that holds it, with
 * on hand, committed and available there — what to pull off the shelf, and where. Filtered by
 * location and recall in its address (the board's counts link here). From the exceptions
 * walk, shared with the board through the query cache.
 */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import { recallTable } from '../../features/inventory/inventory-tables';
import {
  RECALL_COLUMNS,
  recallRowData,
  recallRowId,
} from '../../features/inventory/recall-columns';
import {
  filterRecalls,
  type RecallEntry,
  type RecallFilter,
  recallEntries,
  recallFilterFromSearch,
  recallFilterToSearch,
} from '../../features/inventory/recall-list';
import { useInventoryExceptions } from '../../features/inventory/use-exceptions-board';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable } from '../../ui/list/data-table';
import { ListFrame, ListSummary } from '../../ui/list/list-frame';
import { useListView } from '../../ui/list/use-list-view';
import { Select } from '../../ui/select';
import { ViewPage } from '../view-page';
import { InventoryTabs } from './inventory-tabs';
import { LocationChoice } from './location-choice';
import { WalkStatus } from './walk-status';

const NONE: readonly RecallEntry[] = [];
const RECALL_GRID = {
  testId: 'recall-grid',
  columns: RECALL_COLUMNS,
  rowId: recallRowId,
  rowData: recallRowData,
};

export function RecallsView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const filter = useMemo(() => recallFilterFromSearch(search), [search]);
  const setFilter = (next: RecallFilter) =>
    navigate(`/inventory/recalls?${recallFilterToSearch(next)}`, { replace: true });
  const query = useInventoryExceptions();
  const all = useMemo(() => (query.data ? recallEntries(query.data.recalled) : NONE), [query.data]);
  const rows = useMemo(() => filterRecalls(all, filter), [all, filter]);
  const list = useListView({
    group: 'Recalls',
    rows,
    resetKey: search,
    open: (e: RecallEntry) => navigate(`/inventory/${e.product.id}`),
    openLabel: 'Open the product’s stock',
  });
  const units = rows.reduce((a, e) => a + e.onHand, 0);
  const summary =
    rows.length === 0
      ? 'No recalled batch is held here.'
      : `${format.number(rows.length)} recalled ${rows.length === 1 ? 'batch' : 'batches'} held, ${format.number(units)} units on hand.`;
  const client = useBridge();
  const csv = useCsvExportFlow({
    noun: 'recalled batches',
    matching: query.isSuccess ? rows.length : undefined,
    unavailable: query.isSuccess ? null : 'The recall list is still being read.',
    // The rows as on screen: this location and recall state, in this order.
    work: (destination) =>
      callBridge(client, 'tableExport', {
        name: 'recalls',
        ...recallTable(rows),
        ...(destination ? { destination } : {}),
      }),
  });

  return (
    <ViewPage title="Recalls" actions={csv.trigger}>
      <InventoryTabs current="recalls" />
      <div className="flex flex-wrap items-end gap-4">
        <LocationChoice
          value={filter.location}
          onChange={(location) => setFilter({ ...filter, location })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="recall-state" className="text-sm font-medium">
            Recall
          </label>
          <Select
            id="recall-state"
            value={filter.state ?? ''}
            onChange={(e) =>
              setFilter({
                ...filter,
                state:
                  e.target.value === 'mandatory' || e.target.value === 'voluntary'
                    ? e.target.value
                    : null,
              })
            }
          >
            <option value="">Mandatory and voluntary</option>
            <option value="mandatory">Mandatory</option>
            <option value="voluntary">Voluntary</option>
          </Select>
        </div>
        <WalkStatus query={query} />
      </div>
      {csv.status}
      <ListFrame
        label="Recalled batches"
        footer={query.isSuccess && <ListSummary testId="recall-summary">{summary}</ListSummary>}
      >
        <DataTable label="Recalled batches" {...RECALL_GRID} {...list} busy={query.isFetching} />
      </ListFrame>
    </ViewPage>
  );
}
