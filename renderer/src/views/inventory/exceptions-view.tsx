/**
 * The supervisor's exceptions board (issue 13): one row per location and a total, what needs
 * action there — low, out of stock, expiring within N days (N chosen and kept), expired, under
 * voluntary and under mandatory recall — beside the units on hand. Every count opens the rows
 * it counts. Counts come from the API in the background (useExceptionsBoard), are cached per
 * connection, say how old they are and can be refreshed.
 */
import { RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import {
  type BoardMeasure,
  type BoardRow,
  boardLink,
  type WalkedMeasure,
} from '../../features/inventory/exceptions-board';
import { boardTable } from '../../features/inventory/inventory-tables';
import { useExceptionsBoard, useKeptWalkLost } from '../../features/inventory/use-exceptions-board';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { isCancelled } from '../../features/inventory/use-walk';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useAge } from '../../ui/format/use-age';
import { useFormatters } from '../../ui/format/use-formatters';
import { ViewPage } from '../view-page';
import { ExpiryFilter } from './expiry-filter';
import { InventoryTabs } from './inventory-tabs';
import { WalkProgressLine } from './walk-progress';

interface Column {
  measure: BoardMeasure;
  header: (days: number) => string;
  /** "12 low stock rows at WH-AMS-01": what the link opens, for screen readers and tooltips. */
  what: (days: number, one?: boolean) => string;
  /** A count above zero here needs action: shown in the warning or danger colour. */
  tone?: 'warn' | 'danger';
}

const isWalked = (m: BoardMeasure): m is WalkedMeasure =>
  m === 'expired' || m === 'voluntary' || m === 'mandatory';

const rows = (one?: boolean) => (one ? 'stock row' : 'stock rows');

/** A column counting stock rows, with a fixed header: "12 stock rows low on stock". */
const rowCount = (
  measure: BoardMeasure,
  header: string,
  how: string,
  tone: Column['tone'],
): Column => ({ measure, header: () => header, what: (_d, one) => `${rows(one)} ${how}`, tone });

const COLUMNS: readonly Column[] = [
  {
    measure: 'onHand',
    header: () => 'Units on hand',
    what: (_d, one) => (one ? 'unit on hand' : 'units on hand'),
  },
  rowCount('low', 'Low stock', 'low on stock', 'warn'),
  rowCount('out', 'Out of stock', 'out of stock', 'danger'),
  {
    measure: 'expiring',
    header: (d) => `Expiring ≤ ${d} days`,
    what: (d, one) => `${rows(one)} expiring within ${d} days`,
    tone: 'warn',
  },
  rowCount('expired', 'Expired', 'holding expired stock', 'danger'),
  rowCount('voluntary', 'Voluntary recall', 'under a voluntary recall', 'warn'),
  rowCount('mandatory', 'Mandatory recall', 'under a mandatory recall', 'danger'),
];

function CountCell({
  row,
  column,
  days,
  failed,
}: {
  row: BoardRow;
  column: Column;
  days: number;
  /** The count could not be read: "—", not "…" for ever. */
  failed: boolean;
}) {
  const format = useFormatters();
  const value = row.counts[column.measure];
  const where = row.location ? `at ${row.location.code}` : 'at every location';
  const cell = `${column.measure}@${row.location?.id ?? 'all'}`;
  if (value === null && failed) {
    return (
      <td className="px-3 py-2 text-right text-muted" data-board-cell={cell} title="Not counted">
        <span aria-hidden>—</span>
        <span className="sr-only">Not counted</span>
      </td>
    );
  }
  if (value === null) {
    return (
      <td className="px-3 py-2 text-right text-muted" data-board-cell={cell}>
        <span aria-hidden>…</span>
        <span className="sr-only">Counting</span>
      </td>
    );
  }
  const alarm = column.tone && value > 0;
  // Expired and recalls count what is still on the shelf; what was pulled is said beside it.
  const held = isWalked(column.measure) ? (row.held?.[column.measure] ?? null) : null;
  const pulledOff = held !== null && held > value;
  const shelfWords = pulledOff
    ? `${format.number(held)} ${column.what(days, held === 1)}, ${format.number(value)} still on the shelf`
    : null;
  return (
    <td className="px-3 py-2 text-right tabular-nums" data-board-cell={cell}>
      <Link
        href={boardLink(column.measure, row.location?.id ?? null, days)}
        aria-label={
          shelfWords
            ? `${shelfWords} ${where}`
            : `${format.number(value)} ${column.what(days, value === 1)} ${where}`
        }
        title={`Open the ${column.what(days)} ${where}`}
        className={cn(
          'rounded px-1 underline-offset-2 hover:underline',
          !alarm && 'text-fg',
          alarm && column.tone === 'warn' && 'font-semibold text-warn',
          alarm && column.tone === 'danger' && 'font-semibold text-danger',
          value === 0 && 'text-muted',
        )}
      >
        {format.number(value)}
      </Link>
      {pulledOff ? (
        <div className="whitespace-nowrap text-xs font-normal text-muted" data-field="on-shelf">
          {format.number(held)} held, {format.number(value)} on shelf
        </div>
      ) : null}
    </td>
  );
}

export function ExceptionsView() {
  const settings = useInventorySettings();
  const days = settings.value.boardDays;
  const board = useExceptionsBoard(days, settings.loaded);
  const lost = useKeptWalkLost();
  const age = useAge(board.countedAt);
  const keptAge = useAge(board.keptAt);
  // Exported: the counts read now, never the last launch's shown while they come.
  const table = boardTable(board.liveRows, days);
  const csv = useCsvExportFlow({
    noun: 'board rows',
    matching: 'notReady' in table ? undefined : table.rows.length,
    unavailable: 'notReady' in table ? table.notReady : null,
    request:
      'notReady' in table
        ? null
        : { method: 'tableExport', args: { name: 'exceptions-board', ...table } },
  });

  return (
    <ViewPage
      title="Stock exceptions"
      actions={
        <div className="flex items-center gap-3">
          <p
            className="text-sm text-muted"
            data-testid="board-age"
            aria-live="polite"
            data-board-kept={board.savedAt !== null && board.savedAt === board.countedAt}
          >
            {board.loading
              ? keptAge
                ? `Showing the counts of ${keptAge}; counting afresh…`
                : 'Counting…'
              : age
                ? `Counted ${age}${board.fetching ? ', counting again…' : ''}`
                : 'Not every count could be read'}
          </p>
          <Button onClick={board.refresh} busy={board.fetching}>
            <RefreshCw aria-hidden className="size-4" />
            Refresh
          </Button>
          {csv.trigger}
        </div>
      }
    >
      <InventoryTabs current="exceptions" />
      <div className="flex flex-wrap items-end gap-4">
        <ExpiryFilter
          value={days}
          allowAny={false}
          onChange={(d) => d !== null && settings.update({ boardDays: d })}
        />
        <p className="max-w-prose text-sm text-muted">
          Each count opens the rows it counts. Expired: a batch past its date is still held there. A
          recall is counted at the location holding the recalled batch. Expired and recalls count
          what is still on the shelf: a batch marked pulled in full no longer counts.
        </p>
      </div>
      {csv.status}
      {lost && board.loading ? (
        <p role="status" className="text-sm text-muted" data-testid="kept-lost">
          {lost}
        </p>
      ) : null}
      {/* From the first frame: before the walk is asked (the kept copy still being read) too. */}
      {board.walk.query.isFetching ||
      (board.walk.query.data === undefined && !board.walk.query.isError) ? (
        <WalkProgressLine
          progress={board.walk.progress}
          onCancel={board.walk.cancel}
          starting="Reading every stock row for expired and recalled stock…"
        />
      ) : board.walk.query.isError && isCancelled(board.walk.query.error) ? (
        <p role="status" className="text-sm text-muted" data-testid="walk-stopped">
          {board.walk.query.data
            ? 'Stopped before the end: expired and recalled stock are from the last full count.'
            : 'Stopped before the end: expired and recalled stock are not counted. Refresh to count them.'}
        </p>
      ) : null}
      {board.error ? (
        <p role="alert" className="text-sm text-danger">
          Some counts could not be read: {errorMessage(board.error)}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="w-full text-sm" data-testid="exceptions-board">
          <caption className="sr-only">Stock exceptions per location</caption>
          <thead className="bg-raised text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Location
              </th>
              {COLUMNS.map((c) => (
                <th
                  key={c.measure}
                  scope="col"
                  className="whitespace-nowrap px-3 py-2 text-right font-medium"
                >
                  {c.header(days)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row) => (
              <tr
                key={row.location?.id ?? 'total'}
                data-board-row={row.location?.id ?? 'total'}
                className={cn('border-t border-line', !row.location && 'bg-raised font-semibold')}
              >
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {row.location ? (
                    <>
                      <span className="whitespace-nowrap font-mono text-xs">
                        {row.location.code}
                      </span>
                      <div className="text-xs text-muted">{row.location.name}</div>
                    </>
                  ) : (
                    <span className="font-semibold">All locations</span>
                  )}
                </th>
                {COLUMNS.map((c) => (
                  <CountCell
                    key={c.measure}
                    row={row}
                    column={c}
                    days={days}
                    failed={board.failed(c.measure, row.location?.id ?? null)}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ViewPage>
  );
}
