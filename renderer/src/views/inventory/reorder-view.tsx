/**
 * The reorder list (issue 13): every stock row at or below its reorder point, at one location
 * or all (the location in the address, so the list can be bookmarked), lowest available first,
 * with where the point comes from, exportable as CSV. The bridge reads it whole in the
 * background (the API's low-stock and out-of-stock lists together), bounded.
 */
import { useLocation, useSearch } from 'wouter';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import { reorderTable } from '../../features/inventory/inventory-tables';
import {
  REORDER_COLUMNS,
  reorderRowData,
  reorderRowId,
} from '../../features/inventory/reorder-columns';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useBridgeQuery } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable } from '../../ui/list/data-table';
import { ListFrame, ListSummary } from '../../ui/list/list-frame';
import { useListView } from '../../ui/list/use-list-view';
import { ViewPage } from '../view-page';
import { InventoryTabs } from './inventory-tabs';
import { LocationChoice } from './location-choice';
import { WalkStatus } from './walk-status';

type Row = NonNullable<ReturnType<typeof useReorder>['data']>['rows'][number];
const NONE: readonly Row[] = [];
const REORDER_GRID = {
  testId: 'reorder-grid',
  columns: REORDER_COLUMNS,
  rowId: reorderRowId,
  rowData: reorderRowData,
};

/** `?location=3` → 3; anything else → every location. */
export function reorderLocationFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('location');
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function useReorder(location: number | null) {
  return useBridgeQuery('inventoryReorder', location === null ? {} : { location }, {
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function ReorderView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const location = reorderLocationFromSearch(search);
  const query = useReorder(location);
  const rows = query.data?.rows ?? NONE;
  const list = useListView({
    group: 'Reorder',
    rows,
    resetKey: search,
    open: (r: Row) => navigate(`/inventory/${r.product_id}`),
    openLabel: 'Open the product’s stock',
  });
  const client = useBridge();
  const csv = useCsvExportFlow({
    noun: 'rows to reorder',
    matching: query.isSuccess ? rows.length : undefined,
    unavailable: query.isSuccess ? null : 'The reorder list is still being read.',
    work: (destination) =>
      callBridge(client, 'tableExport', {
        name: 'reorder',
        ...reorderTable(rows),
        ...(destination ? { destination } : {}),
      }),
  });
  const found = query.data;

  return (
    <ViewPage title="Reorder" actions={csv.trigger}>
      <InventoryTabs current="reorder" />
      <div className="flex flex-wrap items-end gap-4">
        <LocationChoice
          value={location}
          onChange={(next) =>
            navigate(`/inventory/reorder${next === null ? '' : `?location=${next}`}`, {
              replace: true,
            })
          }
        />
        <WalkStatus
          query={{
            ...query,
            data: found ? { scanned: found.total } : undefined,
          }}
          reading="Reading the low and out-of-stock rows…"
          read={(n) => `${n.toLocaleString()} rows at or below their reorder point`}
        />
      </div>
      {csv.status}
      <ListFrame
        label="Rows to reorder"
        footer={
          found && (
            <ListSummary testId="reorder-summary">
              {found.total === 0
                ? 'Nothing here is at or below its reorder point.'
                : `${format.number(found.total)} ${found.total === 1 ? 'row is' : 'rows are'} at or below the reorder point${found.total > rows.length ? `; the first ${format.number(rows.length)} are listed (choose a location to see the rest)` : ''}.`}
              {found.leftOut > 0
                ? ` ${format.number(found.leftOut)} rows the service sent did not match the API's description and are left out.`
                : ''}
            </ListSummary>
          )
        }
      >
        <DataTable label="Rows to reorder" {...REORDER_GRID} {...list} busy={query.isFetching} />
      </ListFrame>
    </ViewPage>
  );
}
