/**
 * Where this draft's last create stands (bridge ordersCreatePending): after a restart, a lost
 * answer or a cancelled send, the bridge may hold a create that was sent and not yet seen. While
 * it is "checking" the form asks again every few seconds (each ask is one lookup at the
 * service) and keeps Create order off: the order may still land, and sending again before the
 * window has passed could make it twice.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PendingCreateState } from '../../../../shared/contract/create-values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';

/** Between lookups while checking: each is a request against the account's rate limit. */
const CHECK_EVERY_MS = 3000;

export function usePendingCreate(reference: string | null) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const key = ['order-create', 'pending', reference] as const;
  const query = useQuery<PendingCreateState>({
    queryKey: key,
    queryFn: () => callBridge(client, 'ordersCreatePending', { reference: reference ?? '' }),
    enabled: reference !== null,
    refetchInterval: (q) => (q.state.data?.state === 'checking' ? CHECK_EVERY_MS : false),
    // Always fresh: what it says decides whether sending is safe.
    staleTime: 0,
    gcTime: 0,
  });
  const recheck = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['order-create', 'pending', reference] }),
    [queryClient, reference],
  );
  return { state: query.data, recheck };
}

/** "10:42" in the person's locale. */
export function clockTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}
