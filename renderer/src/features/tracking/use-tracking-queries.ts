/**
 * The Tracking explorer's server state: the events matching the filters (the API answers a
 * plain array, no paging, so the whole list is one query) and one event, through the query
 * layer (query/bridge-query.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { type TrackingViewFilters, toTrackingBridgeFilters } from './tracking-filters';

export function useTrackingEvents(filters: TrackingViewFilters, enabled: boolean) {
  return useBridgeQuery(
    'trackingEventsList',
    { filters: toTrackingBridgeFilters(filters) },
    { enabled, placeholderData: keepPreviousData },
  );
}

export function useTrackingEvent(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const { ready } = useApiConnection();
  const query = useBridgeQuery('trackingEventsGet', { id }, { enabled: valid });
  return { query, enabled: valid && ready };
}
