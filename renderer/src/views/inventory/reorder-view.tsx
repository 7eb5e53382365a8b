/**
 * The reorder list (issue 13): every stock row at or below its reorder point, at one location
 * or all (the location in the address, so the list can be bookmarked), lowest available first,
 * with where the point comes from and a suggested quantity (back above the point by a kept
 * margin, 20 % by default), exportable as CSV and as a purchase list (SKU, product, quantity,
 * location). The bridge reads it whole in the background (the API's low-stock and
 * out-of-stock lists together), bounded.
 */

import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ReorderList } from '../../../../shared/contract/values';
import { locationFromSearch } from '../../features/inventory/inventory-filters';
import { purchaseListTable, reorderTable } from '../../features/inventory/inventory-tables';
import {
  REORDER_COLUMNS,
  reorderRowData,
  reorderRowId,
} from '../../features/inventory/reorder-columns';
import { cleanMargin, suggestedQuantity } from '../../features/inventory/reorder-suggestion';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { useWalkQuery } from '../../features/inventory/use-walk';
import { useFormatters } from '../../ui/format/use-formatters';
import { TextFilter } from '../../ui/list/text-filter';
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
} satisfies ReadList<Row>;

const REORDER_CSV = {
  name: 'reorder',
  noun: 'rows to reorder',
  reading: 'The reorder list is still being read.',
} as const;
const PURCHASE_CSV = {
  name: 'purchase-list',
  noun: 'purchase lines',
  label: 'Export purchase list…',
  reading: 'The reorder list is still being read.',
} as const;

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
  // The margin the suggested quantities aim for above the reorder point (a kept setting).
  const settings = useInventorySettings();
  const margin = settings.value.reorderMargin;
  const meta = useMemo(() => ({ format, reorderMargin: margin }), [format, margin]);
  const ready = query.isSuccess ? rows : null;
  const csv = useReadListExport(
    useMemo(
      () => ({ ...REORDER_CSV, table: (r: readonly Row[]) => reorderTable(r, margin) }),
      [margin],
    ),
    ready,
  );
  // Only rows that need ordering become lines: none is said, not written as a header.
  const needing = useMemo(
    () =>
      ready?.filter((r) => (suggestedQuantity(r.available, r.reorder_point, margin) ?? 0) > 0) ??
      null,
    [ready, margin],
  );
  const purchase = useReadListExport(
    useMemo(
      () => ({ ...PURCHASE_CSV, table: (r: readonly Row[]) => purchaseListTable(r, margin) }),
      [margin],
    ),
    needing,
  );
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
    <ReadListPage
      list={REORDER}
      rows={rows}
      busy={query.isFetching}
      csv={{
        trigger: (
          <div className="flex gap-2" data-testid="purchase-list-export">
            {purchase.trigger}
            {csv.trigger}
          </div>
        ),
        status: (
          <>
            {purchase.status}
            {csv.status}
          </>
        ),
      }}
      summary={summary}
      meta={meta}
    >
      <LocationChoice
        value={location}
        onChange={(next) =>
          navigate(`/inventory/reorder${next === null ? '' : `?location=${next}`}`, {
            replace: true,
          })
        }
      />
      <TextFilter
        label="Margin above reorder point (%)"
        className="w-20"
        maxLength={3}
        value={String(margin)}
        invalidText={(text) =>
          cleanMargin(text) === null ? 'Type a whole percent from 0 to 500, for example 20.' : null
        }
        onCommit={(text) => {
          const next = cleanMargin(text);
          if (next !== null) settings.update({ reorderMargin: next });
        }}
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
