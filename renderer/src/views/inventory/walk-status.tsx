/**
 * What the recall list, the expired rows and the reorder list say above their grid: they come
 * from a walk of many pages (the exceptions walk: every stock row read once, then the recalled
 * products' stock), which takes a while on a large account, so its progress (with Cancel), a
 * failure or its bound, a stop, and the age are said, with a refresh.
 */
import { RefreshCw } from 'lucide-react';
import { isCancelled, type WalkProgress } from '../../features/inventory/use-walk';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { WalkProgressLine } from './walk-progress';

export function WalkStatus({
  query,
  walk,
  lost = null,
  reading = 'Reading every stock row for expired and recalled stock…',
  read = (n) => `Read from ${n} stock rows`,
}: {
  /** What is said while it reads, and what it read (default: the exceptions walk's words). */
  reading?: string;
  read?(scanned: string): string;
  /** Why the walk kept from the last session could not be shown (useKeptWalkLost). */
  lost?: string | null;
  /** The walk's progress and its Cancel (useWalkQuery). */
  walk?: { progress: WalkProgress | undefined; cancel(): void };
  query: {
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    dataUpdatedAt: number;
    data?: { scanned: number };
    refetch(): unknown;
  };
}) {
  const format = useFormatters();
  const at = query.data ? new Date(query.dataUpdatedAt) : null;
  // A walk kept from an earlier day (shown while a fresh one runs) says which day.
  const when =
    at && at.toDateString() !== new Date().toDateString()
      ? format.dateTime(at)
      : at?.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const stopped = query.error !== null && isCancelled(query.error);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
      <p aria-live="polite" data-testid="walk-status">
        {query.isPending && !query.isFetching && !query.error
          ? reading
          : at && query.data
            ? `${read(format.number(query.data.scanned))} at ${when}.`
            : ''}
      </p>
      {walk && query.isFetching ? (
        <WalkProgressLine progress={walk.progress} onCancel={walk.cancel} starting={reading} />
      ) : (
        <Button tone="ghost" onClick={() => void query.refetch()} busy={query.isFetching}>
          <RefreshCw aria-hidden className="size-4" />
          {stopped ? 'Read again' : 'Refresh'}
        </Button>
      )}
      {lost && query.isPending ? (
        <p role="status" data-testid="kept-lost">
          {lost}
        </p>
      ) : null}
      {stopped ? (
        <p role="status" data-testid="walk-stopped">
          Stopped before the end{query.data ? ': the list below is from the last full read.' : '.'}
        </p>
      ) : query.error ? (
        <p role="alert" className="text-danger">
          The stock rows could not be read: {errorMessage(query.error)}
        </p>
      ) : null}
    </div>
  );
}
