/**
 * What the recall list and the expired rows say above their grid: they come from the
 * exceptions walk (every stock row read once, then the recalled products' stock), which takes
 * a while on a large account, so the wait, a failure and the age are said, with a refresh.
 */
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';

export function WalkStatus({
  query,
  lost = null,
  reading = 'Reading every stock row for expired and recalled stock…',
  read = (n) => `Read from ${n.toLocaleString()} stock rows`,
}: {
  /** What is said while it reads, and what it read (default: the exceptions walk's words). */
  reading?: string;
  read?(scanned: number): string;
  /** Why the walk kept from the last session could not be shown (useKeptWalkLost). */
  lost?: string | null;
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
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
      <p aria-live="polite" data-testid="walk-status">
        {query.isPending
          ? reading
          : at && query.data
            ? `${read(query.data.scanned)} at ${when}.`
            : ''}
      </p>
      <Button tone="ghost" onClick={() => void query.refetch()} busy={query.isFetching}>
        <RefreshCw aria-hidden className="size-4" />
        Refresh
      </Button>
      {lost && query.isPending ? (
        <p role="status" data-testid="kept-lost">
          {lost}
        </p>
      ) : null}
      {query.error ? (
        <p role="alert" className="text-danger">
          The stock rows could not be read: {errorMessage(query.error)}
        </p>
      ) : null}
    </div>
  );
}
