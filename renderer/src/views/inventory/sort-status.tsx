/**
 * What the stock list says while it is sorted: the bridge sorts the whole filtered list (the
 * API cannot order it), so the first sort reads every row — the wait is said — and the answer
 * says over how many rows, read when, with Refresh and the way back to the API's own order.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw, X } from 'lucide-react';
import type { SortedStockPage } from '../../../../shared/contract/values';
import { type StockSort, sortName } from '../../features/inventory/stock-sort';
import { isCancelled, type WalkProgress } from '../../features/inventory/use-walk';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { WalkProgressLine } from './walk-progress';

export function SortStatus({
  sort,
  query,
  onClear,
  onRefresh,
  walk,
}: {
  sort: StockSort;
  query: UseQueryResult<SortedStockPage, Error>;
  /** The read's progress and its Cancel (useWalkQuery). */
  walk?: { progress: WalkProgress | undefined; cancel(): void };
  onClear(): void;
  onRefresh(): void;
}) {
  const format = useFormatters();
  const data = query.isPlaceholderData ? undefined : query.data;
  const reading = query.isFetching && !data;
  const stopped = query.isError && isCancelled(query.error);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="sort-status">
      <p aria-live="polite" className={reading ? 'text-muted' : undefined}>
        {reading
          ? `Reading every stock row of these filters to sort them by ${sortName(sort)}…`
          : data
            ? `Sorted by ${sortName(sort)}, over all ${format.number(data.count)} ${data.count === 1 ? 'row' : 'rows'} (read ${new Date(data.readAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}${data.readBy ? ` at ${data.readBy}` : ''}).`
            : null}
        {data && data.leftOut > 0
          ? ` ${format.number(data.leftOut)} rows the service sent did not match the API's description and are left out.`
          : null}
      </p>
      {reading && walk ? (
        <WalkProgressLine
          progress={walk.progress}
          onCancel={walk.cancel}
          starting="Starting to read the rows…"
        />
      ) : null}
      {stopped ? (
        <p role="status">Stopped before every row was read: not sorted.</p>
      ) : query.isError ? (
        <p role="alert" className="text-danger">
          The rows could not be read to sort them: {errorMessage(query.error)}
        </p>
      ) : null}
      <Button tone="ghost" onClick={onRefresh} busy={query.isFetching && !reading}>
        <RefreshCw aria-hidden className="size-4" />
        Refresh
      </Button>
      <Button tone="ghost" onClick={onClear}>
        <X aria-hidden className="size-4" />
        API order
      </Button>
    </div>
  );
}
