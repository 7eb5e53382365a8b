/**
 * The stock rows holding expired stock (a batch past its date), per location: the API has no
 * filter for them, so they come from the exceptions walk (shared with the board through the
 * query cache) and are shown with the stock list's own columns and badges. The location is in
 * the address (the board's Expired counts link here).
 */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isPastExpiry } from '../../../../shared/stock-expiry';
import { locationFromSearch } from '../../features/inventory/inventory-filters';
import type { StockLevel } from '../../features/inventory/stock-facts';
import {
  useInventoryExceptions,
  useKeptWalkLost,
} from '../../features/inventory/use-exceptions-board';
import { useFormatters } from '../../ui/format/use-formatters';
import { NO_ROWS } from '../../ui/list/use-list-view';
import { LocationChoice } from './location-choice';
import { type ReadList, ReadListPage } from './read-list-page';
import { STOCK_GRID } from './stock-grid';
import { WalkStatus } from './walk-status';

const EXPIRED: ReadList<StockLevel> = {
  title: 'Expired stock',
  tab: 'exceptions',
  grid: { label: 'Expired stock rows', ...STOCK_GRID },
  summaryTestId: 'expired-summary',
  product: (row) => row.product_id,
};

/** Earliest expiry first: the longest expired at the top. */
const byExpiry = (a: StockLevel, b: StockLevel) =>
  (a.earliest_expiry ?? '').localeCompare(b.earliest_expiry ?? '') ||
  (a.location?.code ?? '').localeCompare(b.location?.code ?? '');

export function ExpiredView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const location = locationFromSearch(search);
  const walk = useInventoryExceptions();
  const query = walk.query;
  const lost = useKeptWalkLost();
  const rows = useMemo(() => {
    const found = query.data;
    if (!found) return NO_ROWS;
    const now = Date.parse(found.at) || Date.now();
    return found.rows
      .filter((r) => isPastExpiry(r.earliest_expiry, now))
      .filter((r) => location === null || r.location?.id === location)
      .sort(byExpiry);
  }, [query.data, location]);
  const summary = !query.isSuccess
    ? null
    : rows.length === 0
      ? 'No expired stock is held here.'
      : `${format.number(rows.length)} stock ${rows.length === 1 ? 'row holds' : 'rows hold'} expired stock: do not ship it.`;

  return (
    <ReadListPage list={EXPIRED} rows={rows} busy={query.isFetching} summary={summary}>
      <LocationChoice
        value={location}
        onChange={(next) =>
          navigate(`/inventory/expired?location=${next ?? 'all'}`, { replace: true })
        }
      />
      <WalkStatus query={query} walk={walk} lost={lost} />
    </ReadListPage>
  );
}
