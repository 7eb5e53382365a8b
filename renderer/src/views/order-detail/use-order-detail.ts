/**
 * The order detail's server state: the order, its documents and its address check, each its
 * own query so a slow or failing one does not hold back the others. Keys carry the connection
 * so switching connections never shows another account's order. Refresh tracking queues a
 * refresh at the API and then reads the order again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Api } from '../../../../shared/contract/values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods, useBridgeQuery } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';

export function useOrderDetail(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const { ready } = useApiConnection();
  const order = useBridgeQuery('ordersGet', { id }, { enabled: valid });
  const documents = useBridgeQuery('ordersDocuments', { id }, { enabled: valid });
  const addressCheck = useBridgeQuery('addressCheckGet', { orderId: id }, { enabled: valid });
  return { order, documents, addressCheck, enabled: valid && ready };
}

export function useRefreshTracking(id: number) {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(client, 'ordersRefreshTracking', { id }),
    // The order (its parcels' tracking) and any list showing it.
    onSuccess: () => invalidateMethods(queryClient, ['ordersGet', 'ordersList']),
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
