/**
 * The order detail's server state: the order, its documents and its address check, each its
 * own query so a slow or failing one does not hold back the others. Keys carry the connection
 * so switching connections never shows another account's order. Refresh tracking queues a
 * refresh at the API and then reads the order again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api } from '../../../../shared/contract/values';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';
import { useSelectedConnection } from '../../features/connections/use-connections';

export const orderDetailKey = (connectionId: string | undefined, id: number) =>
  ['order-detail', connectionId, id] as const;

export function useOrderDetail(id: number) {
  const client = useBridge();
  const connection = useSelectedConnection();
  const base = orderDetailKey(connection?.id, id);
  const enabled = Number.isInteger(id) && id > 0 && connection?.key.hasKey === true;
  const order = useQuery({
    queryKey: [...base, 'order'],
    queryFn: () => callBridge(client, 'ordersGet', { id }),
    enabled,
  });
  const documents = useQuery({
    queryKey: [...base, 'documents'],
    queryFn: () => callBridge(client, 'ordersDocuments', { id }),
    enabled,
  });
  const addressCheck = useQuery({
    queryKey: [...base, 'address-check'],
    queryFn: () => callBridge(client, 'addressCheckGet', { orderId: id }),
    enabled,
  });
  return { order, documents, addressCheck, enabled };
}

export function useRefreshTracking(id: number) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const connection = useSelectedConnection();
  return useMutation({
    mutationFn: () => callBridge(client, 'ordersRefreshTracking', { id }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: orderDetailKey(connection?.id, id) }),
  });
}

/** "Refresh queued for 2 of 3 parcels" and why the others were skipped. */
export function describeRefresh(result: Api['OrderTrackingRefresh']): {
  title: string;
  description?: string;
} {
  const queued = result.queued ?? 0;
  const total = result.fulfillments_total ?? queued;
  const title =
    total === 0
      ? 'This order has no parcels to track'
      : `Tracking refresh queued for ${queued} of ${total} ${total === 1 ? 'parcel' : 'parcels'}`;
  const reasons = (result.skipped ?? [])
    .map((s) =>
      [s.fulfillment_id ? `#${s.fulfillment_id}` : null, s.reason ?? s.status]
        .filter(Boolean)
        .join(': '),
    )
    .filter((r) => r !== '');
  return reasons.length > 0 ? { title, description: `Skipped ${reasons.join('; ')}` } : { title };
}
