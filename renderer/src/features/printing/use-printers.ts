/**
 * The printers as server state. `printersList` without refresh is cheap (the main process
 * answers from what it knows); "Refresh printers" asks CUPS again and puts the answer in the
 * same cache entry, so every printer list on screen updates together.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrintersView } from '../../../../shared/contract/printing-values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';

export const printersKey = localQueryKey('printersList', { refresh: false });

export function usePrinters() {
  // Pending counts follow the job events (see use-print-jobs.ts); this bounds the rest.
  return useLocalQuery('printersList', { refresh: false }, { staleTime: 30_000 });
}

export function useRefreshPrinters() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(client, 'printersList', { refresh: true }),
    onSuccess: (view: PrintersView) => queryClient.setQueryData(printersKey, view),
  });
}
