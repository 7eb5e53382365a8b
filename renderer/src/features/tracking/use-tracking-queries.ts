/**
 * The Tracking explorer's server state: the events matching the filters (the API answers a
 * plain array, no paging, so the whole list is one query) and one event. Keys carry the
 * connection so another account's events are never shown as this one's.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { useSelectedConnection } from '../connections/use-connections';
import {
  type TrackingViewFilters,
  toTrackingBridgeFilters,
  trackingFiltersKey,
} from './tracking-filters';

export const TRACKING_KEY = 'tracking-events';

function useConnectionReady() {
  const connection = useSelectedConnection();
  return { connectionId: connection?.id, ready: connection?.key.hasKey === true };
}

export function useTrackingEvents(filters: TrackingViewFilters, enabled: boolean) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  return useQuery({
    queryKey: [TRACKING_KEY, 'list', connectionId, trackingFiltersKey(filters)],
    queryFn: () =>
      callBridge(client, 'trackingEventsList', { filters: toTrackingBridgeFilters(filters) }),
    enabled: enabled && ready,
    placeholderData: keepPreviousData,
  });
}

export function useTrackingEvent(id: number) {
  const client = useBridge();
  const { connectionId, ready } = useConnectionReady();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [TRACKING_KEY, 'detail', connectionId, id],
    queryFn: () => callBridge(client, 'trackingEventsGet', { id }),
    enabled: valid && ready,
  });
  return { query, enabled: valid && ready };
}
