/**
 * The supervisor's exceptions board (issue 13): one row per location and a total, what needs
 * action there — low, out of stock, expiring within N days (N chosen and kept), expired, under
 * voluntary and under mandatory recall — beside the units on hand. Every count opens the rows
 * it counts. Counts come from the API in the background (useExceptionsBoard), are cached per
 * connection, say how old they are and can be refreshed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import { boardRows } from '../../features/inventory/exceptions-board';
import { boardTable } from '../../features/inventory/inventory-tables';
import { useExceptionsBoard, useKeptWalkLost } from '../../features/inventory/use-exceptions-board';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { isCancelled } from '../../features/inventory/use-walk';
import { errorMessage } from '../../query/bridge-call';
import { useApiConnection } from '../../query/connections';
import { bridgeQueryKey } from '../../query/query-options';
import { Button } from '../../ui/button';
import { useAge } from '../../ui/format/use-age';
import { ViewPage } from '../view-page';
import { BoardTable } from './exceptions-table';
import { ExpiryFilter } from './expiry-filter';
import { InventoryTabs } from './inventory-tabs';
import { useAfterPaint } from './use-after-paint';
import { WalkProgressLine } from './walk-progress';

const STARTING = 'Reading every stock row for expired and recalled stock…';
const EXPLAINED =
  'Each count opens the rows it counts. Expired: a batch past its date is still held there. A recall is counted at the location holding the recalled batch. Expired and recalls count what is still on the shelf: a batch marked pulled in full no longer counts.';

/**
 * Cold (nothing of the board in the cache), the first frame after the tab click is the
 * shell: the page, its tabs, the walk's progress line and the table's head, with no query
 * asked. The board's 30-odd counts, the walk and the kept board subscribe in the frame
 * after: subscribed in the click's own commit, their effects (and the bridge calls they
 * start) ran before the first paint (a click's effects are flushed before the browser
 * paints), which put the progress line past 300 ms (issue 32). Warm, the board is drawn at
 * once from the cache.
 */
export function ExceptionsView() {
  const queryClient = useQueryClient();
  const { connectionId } = useApiConnection();
  const [warm] = useState(
    () =>
      queryClient.getQueryData(bridgeQueryKey('inventoryLocationStock', connectionId, {})) !==
      undefined,
  );
  const painted = useAfterPaint(warm);
  return painted ? <LiveExceptionsView /> : <ExceptionsShell />;
}

/** The board's first frame, cold: what it is, what it is reading, and where it will be. */
function ExceptionsShell() {
  const settings = useInventorySettings();
  const days = settings.value.boardDays;
  const total = boardRows({
    locations: [],
    totals: undefined,
    count: () => undefined,
    found: undefined,
    marks: [],
    now: Date.now(),
  });
  return (
    <ViewPage
      title="Stock exceptions"
      actions={
        <p className="text-sm text-muted" data-testid="board-age" aria-live="polite">
          Counting…
        </p>
      }
    >
      <InventoryTabs current="exceptions" />
      <p className="max-w-prose text-sm text-muted">{EXPLAINED}</p>
      <WalkProgressLine progress={undefined} onCancel={() => {}} starting={STARTING} />
      <BoardTable rows={total} days={days} failed={() => false} />
    </ViewPage>
  );
}

function LiveExceptionsView() {
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
        <p className="max-w-prose text-sm text-muted">{EXPLAINED}</p>
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
          starting={STARTING}
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
      <BoardTable rows={board.rows} days={days} failed={board.failed} />
    </ViewPage>
  );
}
