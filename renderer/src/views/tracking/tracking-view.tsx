/**
 * The Tracking events explorer: the spec's filters (kept across restarts), the matching
 * events in a virtualized grid (the API answers the whole list at once, no paging) with how
 * many match, and each event's detail one Enter away.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useFormatters } from '../../features/format/use-formatters';
import { useListShortcuts } from '../../features/returns/use-list-shortcuts';
import { useSavedViewState } from '../../features/returns/use-saved-view-state';
import { eventCarrier } from '../../features/tracking/tracking-event-values';
import {
  readTrackingViewSettings,
  type TrackingViewFilters,
  trackingFiltersKey,
  writeTrackingViewSettings,
} from '../../features/tracking/tracking-filters';
import { useTrackingEvents } from '../../features/tracking/use-tracking-queries';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { ViewPage } from '../view-page';
import { TrackingFilterBar } from './tracking-filter-bar';
import { TrackingGrid } from './tracking-grid';

export function useTrackingViewState() {
  return useSavedViewState(
    'tracking',
    'Tracking',
    readTrackingViewSettings,
    writeTrackingViewSettings,
  );
}

/** Adds the values seen in a list to those seen before (suggestions for a text filter). */
function useSeen(values: readonly string[]): string[] {
  const [seen, setSeen] = useState<string[]>([]);
  useEffect(() => {
    setSeen((before) =>
      values.every((v) => before.includes(v))
        ? before
        : [...new Set([...before, ...values])].sort(),
    );
  }, [values]);
  return seen;
}

export function TrackingView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const saved = useTrackingViewState();
  const { filters } = saved.value;
  const key = trackingFiltersKey(filters);
  const setFilters = (next: TrackingViewFilters) => saved.update({ filters: next });
  const query = useTrackingEvents(filters, saved.loaded);
  const events = useMemo(() => query.data ?? [], [query.data]);
  const carriers = useSeen(
    useMemo(
      () => [...new Set(events.map((e) => eventCarrier(e.scan_event)).filter((c) => c !== null))],
      [events],
    ),
  );
  const exceptionCodes = useSeen(
    useMemo(
      () => [...new Set(events.map((e) => e.exception_code ?? '').filter((c) => c !== ''))],
      [events],
    ),
  );

  const [activeIndex, setActiveIndex] = useState(0);
  const [focusToken, setFocusToken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at its first row
  useEffect(() => setActiveIndex(0), [key]);
  const open = (id: number) => navigate(`/tracking/${id}`);
  useListShortcuts({
    group: 'Tracking',
    rowCount: events.length,
    activeIndex,
    move: (i) => {
      setActiveIndex(i);
      setFocusToken((t) => t + 1);
    },
    open: (i) => events[i] && open(events[i].id),
  });

  const count = query.isPlaceholderData ? undefined : query.data?.length;
  return (
    <ViewPage title="Tracking">
      <TrackingFilterBar
        filters={filters}
        onChange={setFilters}
        carriers={carriers}
        exceptionCodes={exceptionCodes}
      />
      {query.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
        >
          <span>The tracking events could not be loaded: {errorMessage(query.error)}</span>
          <Button className="ml-auto" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      <p aria-live="polite" className="text-sm" data-testid="tracking-count">
        {count === undefined
          ? 'Loading tracking events…'
          : count === 0
            ? 'No tracking events match.'
            : `${format.number(count)} tracking ${count === 1 ? 'event' : 'events'}`}
      </p>
      <TrackingGrid
        events={events}
        activeIndex={activeIndex}
        onActiveIndexChange={setActiveIndex}
        focusToken={focusToken}
        onOpen={open}
        busy={query.isFetching}
        format={format}
      />
    </ViewPage>
  );
}
