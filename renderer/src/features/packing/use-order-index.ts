/**
 * The station's index of orders to pack (storefront and external ids, which the API's search
 * cannot find), as the pack page and the scan bar show it (issue 32): its status, read again
 * whenever the main process says its reading moved (a progress event under
 * ORDER_INDEX_OPERATION: a page read, a start, an end), so nothing here polls; Stop and
 * Read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  ORDER_INDEX_OPERATION,
  type OrderIndexStatus,
} from '../../../../shared/contract/packing-values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';

const STATUS_KEY = localQueryKey('orderIndexStatus', {});

export function useOrderIndexStatus(): OrderIndexStatus | undefined {
  const client = useBridge();
  const queryClient = useQueryClient();
  const status = useLocalQuery('orderIndexStatus', {});
  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'progress' && event.progress.operationId === ORDER_INDEX_OPERATION) {
          void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
        }
      }),
    [client, queryClient],
  );
  return status.data;
}

/** Stop: the reading ends now and nothing reads by itself until Read again. */
export function useStopOrderIndex() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(client, 'orderIndexStop', {}),
    onSuccess: (status) => queryClient.setQueryData(STATUS_KEY, status),
  });
}

/** Read again: a person's reading (a floor's recent copy does not serve; a stop is lifted). */
export function useReadOrderIndex() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(client, 'orderIndexRefresh', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
