/**
 * The Tracking events explorer: the spec's filters (kept across restarts), the matching
 * events in a virtualized grid (the API answers the whole list at once, no paging) with how
 * many match, and each event's detail one Enter away.
 */
import { useLocation } from 'wouter';
import { useSavedViewState } from '../../features/returns/use-saved-view-state';
import {
  TRACKING_COLUMNS,
  type TrackingRow,
  trackingRowData,
  trackingRowId,
} from '../../features/tracking/tracking-columns';
import { eventCarrier } from '../../features/tracking/tracking-event-values';
import {
  readTrackingViewSettings,
  type TrackingViewFilters,
  trackingFiltersKey,
  writeTrackingViewSettings,
} from '../../features/tracking/tracking-filters';
import { useTrackingEvents } from '../../features/tracking/use-tracking-queries';
import { DataTable } from '../../ui/list/data-table';
import { ListFrame } from '../../ui/list/list-frame';
import { NO_ROWS, useListView } from '../../ui/list/use-list-view';
import { useSeenValues } from '../../ui/list/use-seen-values';
import { ViewPage } from '../view-page';
import { TrackingFilterBar } from './tracking-filter-bar';

const TRACKING_GRID = { columns: TRACKING_COLUMNS, rowId: trackingRowId, rowData: trackingRowData };

const EVENTS = { one: 'tracking event', many: 'tracking events', testId: 'tracking' };

export function useTrackingViewState() {
  return useSavedViewState(
    'tracking',
    'Tracking',
    readTrackingViewSettings,
    writeTrackingViewSettings,
  );
}

export function TrackingView() {
  const [, navigate] = useLocation();
  const saved = useTrackingViewState();
  const { filters } = saved.value;
  const setFilters = (next: TrackingViewFilters) => saved.update({ filters: next });
  const query = useTrackingEvents(filters, saved.loaded);
  const events = query.data?.rows ?? NO_ROWS;
  // Suggestions for the text filters: what this session has seen (the API lists neither).
  const carriers = useSeenValues(events.map((e) => eventCarrier(e.scan_event)));
  const exceptionCodes = useSeenValues(events.map((e) => e.exception_code));

  const list = useListView({
    group: 'Tracking',
    rows: events,
    resetKey: trackingFiltersKey(filters),
    open: (e: TrackingRow) => navigate(`/tracking/${e.id}`),
  });

  return (
    <ViewPage title="Tracking">
      <TrackingFilterBar
        filters={filters}
        onChange={setFilters}
        carriers={carriers}
        exceptionCodes={exceptionCodes}
      />
      <ListFrame read={query} streamed={{ list: query.data, noun: EVENTS }}>
        <DataTable
          label="Tracking events"
          testId="tracking-grid"
          heightClass="max-h-[64vh]"
          {...TRACKING_GRID}
          {...list}
          busy={query.isFetching}
        />
      </ListFrame>
    </ViewPage>
  );
}
