/**
 * The line above a streamed list's grid (shipments, tracking events): how many rows show (of
 * how many arrived, where the browser filters them) and, while the list is still arriving, how
 * far it has come ("Loading… 12,000 of ~105,000"), saying when sort and filter only cover what
 * has arrived. Rows the bridge set aside (not as the API describes them) are counted and the
 * first one named, so a missing row is never a mystery. The copy kept on disk says how old it
 * is while the fresh list loads behind it.
 */
import { Play, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StreamedList } from '../../query/streamed-list';
import { Button } from '../button';
import { useAge } from '../format/use-age';
import { useFormatters } from '../format/use-formatters';

export interface StreamedListNoun {
  one: string;
  many: string;
  /** The test id prefix of the count line (`-count`) and the set-aside line (`-set-aside`). */
  testId: string;
}

export interface StreamedListStatusProps {
  list: StreamedList<unknown> | undefined;
  noun: StreamedListNoun;
  /**
   * How many rows the browser's own sort and filter leave on screen; absent where the API
   * filters (the count is then what arrived, and none is "none match").
   */
  shown?: number;
  /** Nothing has arrived yet. */
  pending: boolean;
  /** A read is under way (the first, or a refresh of the list shown). */
  fetching: boolean;
  /** The list broke off (its error is shown apart). */
  broken: boolean;
  /** Stop reading (the bridge ends the request); offered while the list arrives. */
  onStop?: () => void;
  /** Read on from where a stopped list stopped. */
  onResume?: () => void;
}

export function StreamedListStatus({
  list,
  noun,
  shown,
  pending,
  fetching,
  broken,
  onStop,
  onResume,
}: StreamedListStatusProps) {
  const format = useFormatters();
  const age = useAge(list?.keptAt ?? null);
  const countId = `${noun.testId}-count`;
  const loaded = list?.rows.length ?? 0;
  // Nothing yet of a list still arriving counts as still loading, not as "none match".
  const stopButton = onStop && fetching && (
    <Button tone="ghost" onClick={onStop} data-testid={`${noun.testId}-stop`}>
      <Square aria-hidden className="size-3" /> Stop
    </Button>
  );
  if (pending || !list || (loaded === 0 && !list.complete && !broken && !list.stopped)) {
    return (
      <StatusLine testId={countId} action={stopButton}>
        Loading {noun.many}…
      </StatusLine>
    );
  }
  const plural = (n: number) => (n === 1 ? noun.one : noun.many);
  const counts =
    shown !== undefined
      ? `${format.number(shown)} of ${format.number(loaded)} ${noun.many}`
      : loaded === 0
        ? `No ${noun.many} match.`
        : `${format.number(loaded)} ${plural(loaded)}`;
  let progress = '';
  let action: ReactNode = null;
  const about = (n: number) => format.number(roundEstimate(n));
  if (list.capped) {
    // The most rows the view holds (a huge account): say how many were left and what holds.
    const more = list.expected === null ? null : Math.max(0, list.expected - loaded);
    progress =
      more === null || more === 0
        ? ` · the first ${format.number(loaded)}, the most the console holds at once; more were not loaded`
        : ` · the first ${format.number(loaded)}, the most the console holds at once; about ${about(more)} more were not loaded`;
  } else if (list.stopped) {
    const of = list.expected === null ? '' : ` of ~${about(list.expected)}`;
    progress = ` · stopped at ${format.number(loaded)}${of}; sort and filters cover these only`;
    action = onResume && !fetching && (
      <Button tone="ghost" onClick={onResume} data-testid={`${noun.testId}-resume`}>
        <Play aria-hidden className="size-3" /> Resume
      </Button>
    );
  } else if (!list.complete) {
    // Without a Content-Length the whole list's size is unknown: only what has come is said.
    const of =
      list.expected === null
        ? 'more'
        : `${format.number(loaded)} of ~${format.number(roundEstimate(list.expected))}`;
    const within = shown !== undefined ? 'sorted and filtered within' : 'showing';
    progress = broken
      ? ` · only the ${format.number(loaded)} that arrived before the list broke off`
      : ` · Loading ${of}… ${within} the ${format.number(loaded)} loaded so far`;
    if (!broken) action = stopButton;
  }
  if (list.complete && age !== null) {
    progress = ` · as of ${age}`;
    if (fetching) progress += '; refreshing…';
    else if (broken) progress += '; the refresh failed, so this is the copy kept then';
  }
  const first = list.setAside[0];
  const setAside = list.setAside.length;
  return (
    <>
      <StatusLine testId={countId} action={action}>
        {counts}
        {progress}
      </StatusLine>
      {list.capped && (
        <p className="text-sm text-warn" data-testid={`${noun.testId}-capped`}>
          {`Sort, search and filters cover these ${format.number(loaded)} ${noun.many} only.`}
        </p>
      )}
      {list.notice && (
        <p className="text-sm text-muted" role="status" data-testid={`${noun.testId}-notice`}>
          {list.notice}
        </p>
      )}
      {first && (
        <p className="text-sm text-warn" data-testid={`${noun.testId}-set-aside`}>
          {`${format.number(setAside)} ${plural(setAside)} ${setAside === 1 ? 'was' : 'were'} left out: not as the API describes them (the first, ${first.id ?? `item ${first.index + 1}`}: ${first.problem}).`}
        </p>
      )}
    </>
  );
}

function StatusLine({
  children,
  testId,
  action,
}: {
  children: ReactNode;
  testId: string;
  action?: ReactNode;
}) {
  const line = (
    <p className="text-sm text-muted" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
  if (!action) return line;
  // The Stop or Resume beside the line it acts on, outside the live region's text.
  return (
    <div className="flex flex-wrap items-center gap-2">
      {line}
      {action}
    </div>
  );
}

/** An estimate shown as one: to the nearest thousand above 10,000, else the nearest hundred. */
function roundEstimate(n: number): number {
  const step = n >= 10_000 ? 1000 : 100;
  return Math.max(step, Math.round(n / step) * step);
}
