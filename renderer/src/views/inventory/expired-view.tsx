/**
 * The stock rows holding expired stock (a batch past its date), per location: the API has no
 * filter for them, so they come from the exceptions walk (shared with the board through the
 * query cache) and are shown with the stock list's own columns and badges. The location is in
 * the address (the board's Expired counts link here).
 */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isPastExpiry } from '../../../../shared/stock-expiry';
import { STOCK_COLUMNS, stockRowData, stockRowId } from '../../features/inventory/stock-columns';
import type { StockLevel } from '../../features/inventory/stock-facts';
import { useInventoryExceptions } from '../../features/inventory/use-exceptions-board';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable } from '../../ui/list/data-table';
import { useListCursor } from '../../ui/list/use-list-cursor';
import { useListShortcuts } from '../../ui/list/use-list-shortcuts';
import { ViewPage } from '../view-page';
import { InventoryTabs } from './inventory-tabs';
import { LocationChoice } from './location-choice';
import { WalkStatus } from './walk-status';

const NONE: readonly StockLevel[] = [];

/** The location an address names (`location=3`), or null for every location. */
function locationOf(search: string): number | null {
  const text = new URLSearchParams(search).get('location') ?? '';
  return /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** Earliest expiry first: the longest expired at the top. */
const byExpiry = (a: StockLevel, b: StockLevel) =>
  (a.earliest_expiry ?? '').localeCompare(b.earliest_expiry ?? '') ||
  (a.location?.code ?? '').localeCompare(b.location?.code ?? '');

export function ExpiredView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const location = locationOf(search);
  const query = useInventoryExceptions();
  const rows = useMemo(() => {
    const found = query.data;
    if (!found) return NONE;
    const now = Date.parse(found.at) || Date.now();
    return found.rows
      .filter((r) => isPastExpiry(r.earliest_expiry, now))
      .filter((r) => location === null || r.location?.id === location)
      .sort(byExpiry);
  }, [query.data, location]);
  const cursor = useListCursor(rows.length, search);
  const open = (row: StockLevel) => navigate(`/inventory/${row.product_id}`);
  useListShortcuts({
    group: 'Expired stock',
    cursor,
    rows,
    open,
    openLabel: 'Open the product’s stock',
  });
  const meta = useMemo(() => ({ format }), [format]);

  return (
    <ViewPage title="Expired stock">
      <InventoryTabs current="exceptions" />
      <div className="flex flex-wrap items-end gap-4">
        <LocationChoice
          value={location}
          onChange={(next) =>
            navigate(`/inventory/expired?location=${next ?? 'all'}`, { replace: true })
          }
        />
        <WalkStatus query={query} />
      </div>
      <section aria-label="Expired stock rows" className="flex flex-col gap-gap">
        <DataTable
          label="Expired stock rows"
          testId="stock-grid"
          columns={STOCK_COLUMNS}
          rows={rows}
          rowId={stockRowId}
          rowData={stockRowData}
          cursor={cursor}
          onOpen={open}
          busy={query.isFetching}
          meta={meta}
        />
        {query.isSuccess ? (
          <p className="text-sm text-muted" data-testid="expired-summary">
            {rows.length === 0
              ? 'No expired stock is held here.'
              : `${format.number(rows.length)} stock ${rows.length === 1 ? 'row holds' : 'rows hold'} expired stock: do not ship it.`}
          </p>
        ) : null}
      </section>
    </ViewPage>
  );
}
