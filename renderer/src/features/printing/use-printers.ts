/**
 * The printers as server state. `printersList` without refresh is cheap (the main process
 * answers from what it knows); "Refresh printers" asks CUPS again and puts the answer in the
 * same cache entry, so every printer list on screen updates together.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintersView } from '../../../../shared/contract/printing-values';
import { callBridge } from '../../app/bridge-call';
import { useBridge } from '../../app/bridge-context';

export const printersKey = ['printing', 'printers'] as const;

export function usePrinters() {
  const client = useBridge();
  return useQuery({
    queryKey: printersKey,
    queryFn: () => callBridge(client, 'printersList', { refresh: false }),
    // Pending counts follow the job events (see use-print-jobs.ts); this bounds the rest.
    staleTime: 30_000,
  });
}

export function useRefreshPrinters() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(client, 'printersList', { refresh: true }),
    onSuccess: (view: PrintersView) => queryClient.setQueryData(printersKey, view),
  });
}
