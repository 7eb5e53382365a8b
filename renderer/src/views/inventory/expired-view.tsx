/**
 * Expired stock, per location: the API has no filter for it, so it comes from the exceptions
 * walk (shared with the board through the query cache). Each batch past its date is a row at
 * the location holding it, with the location's bins under it and a "Pulled…" mark (local), as
 * on the recall list; the CSV carries both. A walk kept from before the walk read the expired
 * products' batches has only the stock rows: those are shown, with the stock list's columns,
 * until the fresh walk answers. The location is in the address (the board's Expired counts
 * link here).
 */
import { type ReactNode, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { InventoryExceptions } from '../../../../shared/contract/values';
import { isPastExpiry } from '../../../../shared/stock-expiry';
import { locationFromSearch } from '../../features/inventory/inventory-filters';
import { expiredTable } from '../../features/inventory/inventory-tables';
import { EXPIRED_BATCH_COLUMNS, recallRowId } from '../../features/inventory/recall-columns';
import { expiredEntries, type HeldBatch } from '../../features/inventory/recall-list';
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
import { usePullMarks } from './use-pull-marks';
import { useReadListExport } from './use-read-list-export';
import { WalkStatus } from './walk-status';

const EXPIRED_BATCHES = {
  title: 'Expired stock',
  tab: 'exceptions',
  grid: {
    label: 'Expired batches',
    testId: 'expired-grid',
    columns: EXPIRED_BATCH_COLUMNS,
    rowId: recallRowId,
    rowData: (e: HeldBatch) => ({ 'data-expired-row': recallRowId(e) }),
  },
  summaryTestId: 'expired-summary',
  product: (e) => e.product.id,
} satisfies ReadList<HeldBatch>;

const EXPIRED_ROWS: ReadList<StockLevel> = {
  title: 'Expired stock',
  tab: 'exceptions',
  grid: { label: 'Expired stock rows', ...STOCK_GRID },
  summaryTestId: 'expired-summary',
  product: (row) => row.product_id,
};

const EXPIRED_CSV = {
  name: 'expired',
  noun: 'expired batches',
  reading: 'The expired stock is still being read.',
} as const;

/** The instant "expired" was judged against: the walk's own. */
const walkedAt = (found: InventoryExceptions) => Date.parse(found.at) || Date.now();

export function ExpiredView() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const location = locationFromSearch(search);
  const walk = useInventoryExceptions();
  const lost = useKeptWalkLost();
  const choice = (
    <LocationChoice
      value={location}
      onChange={(next) =>
        navigate(`/inventory/expired?location=${next ?? 'all'}`, { replace: true })
      }
    />
  );
  const status = <WalkStatus query={walk.query} walk={walk} lost={lost} />;
  const found = walk.query.data;
  if (found && found.expired === undefined) {
    return (
      <ExpiredRows found={found} location={location} busy={walk.query.isFetching}>
        {choice}
        {status}
      </ExpiredRows>
    );
  }
  return (
    <ExpiredBatches
      found={found}
      ready={walk.query.isSuccess}
      location={location}
      busy={walk.query.isFetching}
    >
      {choice}
      {status}
    </ExpiredBatches>
  );
}

function ExpiredBatches({
  found,
  ready,
  location,
  busy,
  children,
}: {
  found: InventoryExceptions | undefined;
  ready: boolean;
  location: number | null;
  busy: boolean;
  children: ReactNode;
}) {
  const format = useFormatters();
  const rows = useMemo(
    () =>
      found
        ? expiredEntries(found.expired ?? [], walkedAt(found)).filter(
            (e) => location === null || e.location.id === location,
          )
        : NO_ROWS,
    [found, location],
  );
  const units = rows.reduce((a, e) => a + e.onHand, 0);
  const summary = !ready
    ? null
    : rows.length === 0
      ? 'No expired stock is held here.'
      : `${format.number(rows.length)} expired ${rows.length === 1 ? 'batch' : 'batches'} held, ${format.number(units)} units on hand: do not ship them.`;
  // The pulled marks (local): each row's pulled units and what is still on the shelf.
  const { meta, csvTable, dialog } = usePullMarks<HeldBatch>(EXPIRED_CSV, expiredTable);
  const csv = useReadListExport(csvTable, ready ? rows : null);
  return (
    <ReadListPage
      list={EXPIRED_BATCHES}
      rows={rows}
      busy={busy}
      csv={csv}
      summary={summary}
      meta={meta}
    >
      {children}
      {dialog}
    </ReadListPage>
  );
}

/** Earliest expiry first: the longest expired at the top. */
const byExpiry = (a: StockLevel, b: StockLevel) =>
  (a.earliest_expiry ?? '').localeCompare(b.earliest_expiry ?? '') ||
  (a.location?.code ?? '').localeCompare(b.location?.code ?? '');

/** A walk kept from before the batches were read: its stock rows, until the fresh walk. */
function ExpiredRows({
  found,
  location,
  busy,
  children,
}: {
  found: InventoryExceptions;
  location: number | null;
  busy: boolean;
  children: ReactNode;
}) {
  const format = useFormatters();
  const rows = useMemo(() => {
    const now = walkedAt(found);
    return found.rows
      .filter((r) => isPastExpiry(r.earliest_expiry, now))
      .filter((r) => location === null || r.location?.id === location)
      .sort(byExpiry);
  }, [found, location]);
  const summary =
    rows.length === 0
      ? 'No expired stock is held here.'
      : `${format.number(rows.length)} stock ${rows.length === 1 ? 'row holds' : 'rows hold'} expired stock: do not ship it. Its batches and bins come with the next count.`;
  return (
    <ReadListPage list={EXPIRED_ROWS} rows={rows} busy={busy} summary={summary}>
      {children}
    </ReadListPage>
  );
}
