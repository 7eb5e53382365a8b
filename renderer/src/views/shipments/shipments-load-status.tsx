/**
 * The line above the shipments grid: how many rows show of how many arrived and, while the
 * list is still arriving, how far it has come ("Loading… 12,000 of ~105,000"), saying that sort
 * and filter only cover what has arrived. Shipments the bridge set aside (not as the API
 * describes them) are counted and the first one named, so a missing row is never a mystery.
 * The copy kept on disk says how old it is while the fresh list loads behind it.
 */
import type { ReactNode } from 'react';
import type { StreamedList } from '../../query/streamed-list';
import { useAge } from '../../ui/format/use-age';
import { useFormatters } from '../../ui/format/use-formatters';

export function ShipmentsLoadStatus({
  list,
  shown,
  pending,
  fetching,
  broken,
}: {
  list: StreamedList<unknown> | undefined;
  shown: number;
  /** Nothing has arrived yet. */
  pending: boolean;
  /** A read is under way (the first, or a refresh of the list shown). */
  fetching: boolean;
  /** The list broke off (its error is shown apart). */
  broken: boolean;
}) {
  const format = useFormatters();
  const age = useAge(list?.keptAt ?? null);
  if (pending || !list) {
    return <StatusLine>Loading shipments…</StatusLine>;
  }
  const loaded = list.rows.length;
  const counts = `${format.number(shown)} of ${format.number(loaded)} shipments`;
  let progress = '';
  if (!list.complete) {
    // Without a Content-Length the whole list's size is unknown: only what has come is said.
    const of =
      list.expected === null
        ? 'more'
        : `${format.number(loaded)} of ~${format.number(roundEstimate(list.expected))}`;
    progress = broken
      ? ` · only the ${format.number(loaded)} that arrived before the list broke off`
      : ` · Loading ${of}… sorted and filtered within the ${format.number(loaded)} loaded so far`;
  }
  if (list.complete && age !== null) {
    progress = ` · as of ${age}`;
    if (fetching) progress += '; refreshing…';
    else if (broken) progress += '; the refresh failed, so this is the copy kept then';
  }
  const first = list.setAside[0];
  return (
    <>
      <StatusLine>
        {counts}
        {progress}
      </StatusLine>
      {first && (
        <p className="text-sm text-warn" data-testid="shipments-set-aside">
          {format.number(list.setAside.length)} shipment
          {list.setAside.length === 1 ? ' was' : 's were'} left out: not as the API describes them
          (the first, {first.id ?? `item ${first.index + 1}`}: {first.problem}).
        </p>
      )}
    </>
  );
}

function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-muted" aria-live="polite" data-testid="shipments-count">
      {children}
    </p>
  );
}

/** An estimate shown as one: to the nearest thousand above 10,000, else the nearest hundred. */
function roundEstimate(n: number): number {
  const step = n >= 10_000 ? 1000 : 100;
  return Math.max(step, Math.round(n / step) * step);
}
