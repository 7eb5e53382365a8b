/**
 * The reorder list (issue 13): every stock row at or below its reorder point, at one location
 * or all (the location in the address, so the list can be bookmarked), lowest available first,
 * with where the point comes from, exportable as CSV. The bridge reads it whole in the
 * background (the API's low-stock and out-of-stock lists together), bounded.
 */

import { useLocation, useSearch } from 'wouter';
import type { ReorderList } from '../../../../shared/contract/values';
import { locationFromSearch } from '../../features/inventory/inventory-filters';
import { reorderTable } from '../../features/inventory/inventory-tables';
import {
  REORDER_COLUMNS,
  reorderRowData,
  reorderRowId,
} from '../../features/inventory/reorder-columns';
import { useWalkQuery } from '../../features/inventory/use-walk';
import { useFormatters } from '../../ui/format/use-formatters';
import { NO_ROWS } from '../../ui/list/use-list-view';
import { LocationChoice } from './location-choice';
import { type ReadList, ReadListPage } from './read-list-page';
import { useReadListExport } from './use-read-list-export';
import { WalkStatus } from './walk-status';

type Row = ReorderList['rows'][number];
const REORDER = {
  title: 'Reorder',
  tab: 'reorder',
  grid: {
    label: 'Rows to reorder',
    testId: 'reorder-grid',
    columns: REORDER_COLUMNS,
    rowId: reorderRowId,
    rowData: reorderRowData,
  },
  summaryTestId: 'reorder-summary',
  product: (r) => r.product_id,
  csv: {
    name: 'reorder',
    noun: 'rows to reorder',
    reading: 'The reorder list is still being read.',
    table: reorderTable,
  },
} satisfies ReadList<Row>;

/** `?location=3` → 3 (0 and below too); anything else → every location. */
export function reorderLocationFromSearch(search: string): number | null {
  return locationFromSearch(search);
}

function useReorder(location: number | null) {
  return useWalkQuery('inventoryReorder', location === null ? {} : { location }, {
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function ReorderView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const location = reorderLocationFromSearch(search);
  const walk = useReorder(location);
  const query = walk.query;
  const rows = query.data?.rows ?? NO_ROWS;
  const csv = useReadListExport(REORDER.csv, query.isSuccess ? rows : null);
  const found = query.data;

  const summary = found && (
    <>
      {found.total === 0
        ? 'Nothing here is at or below its reorder point.'
        : `${format.number(found.total)} ${found.total === 1 ? 'row is' : 'rows are'} at or below the reorder point${found.total > rows.length ? `; the first ${format.number(rows.length)} are listed (choose a location to see the rest)` : ''}.`}
      {found.leftOut > 0
        ? ` ${format.number(found.leftOut)} rows the service sent did not match the API's description and are left out.`
        : ''}
    </>
  );

  return (
    <ReadListPage list={REORDER} rows={rows} busy={query.isFetching} csv={csv} summary={summary}>
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
        walk={walk}
        reading="Reading the low and out-of-stock rows…"
        read={(n) => `${n} rows at or below their reorder point`}
      />
    </ReadListPage>
  );
}
