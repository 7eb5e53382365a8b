/**
 * The Tracking explorer's server state: the events matching the filters (the API answers a
 * plain array, no paging, so the whole list is one query, read as it arrives) and one event, through the query
 * layer (query/bridge-query.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { Api } from '../../../../shared/contract/values';
import { useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { useStreamedList } from '../../query/streamed-list';
import { type TrackingViewFilters, toTrackingBridgeFilters } from './tracking-filters';

const TRACKING_STREAM = {
  start: 'trackingEventsStream',
  read: 'trackingEventsStreamRead',
  element: undefined as Api['TrackingEvent'] | undefined,
} as const;
const asIs = (event: Api['TrackingEvent']) => event;

/** The events matching the filters, growing as they arrive (streamed-list.ts). */
export function useTrackingEvents(filters: TrackingViewFilters, enabled: boolean) {
  return useStreamedList(TRACKING_STREAM, asIs, {
    args: { filters: toTrackingBridgeFilters(filters) },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTrackingEvent(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const { ready } = useApiConnection();
  const query = useBridgeQuery('trackingEventsGet', { id }, { enabled: valid });
  return { query, enabled: valid && ready };
}
