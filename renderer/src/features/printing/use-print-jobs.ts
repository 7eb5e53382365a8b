/**
 * The print jobs as server state, kept live by the bridge's `printJob` events instead of
 * polling: the list is fetched once, then each event is applied to the cached list. One
 * subscription serves every component that shows jobs (counted); when the last one goes, the
 * cache is marked stale so the next one to mount fetches what happened in between.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import type { PackbenchClient } from '../../bridge';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { localQueryKey } from '../../query/query-options';
import { applyJobEvent } from './job-list';
import { printersKey } from './use-printers';

export const printJobsKey = localQueryKey('printJobsList', {});

export interface PrintJobsData {
  jobs: PrintJobView[];
}

/** Per query cache: how many components show jobs, and the one event subscription. */
const live = new WeakMap<QueryClient, { count: number; stop: () => void }>();

function subscribe(client: PackbenchClient, queryClient: QueryClient): () => void {
  let entry = live.get(queryClient);
  if (!entry) {
    const stop = client.onEvent((event) => {
      if (event.type !== 'printJob') return;
      const data = queryClient.getQueryData<PrintJobsData>(printJobsKey);
      if (data) {
        queryClient.setQueryData<PrintJobsData>(printJobsKey, {
          jobs: applyJobEvent(data.jobs, event.job, event.change),
        });
      } else {
        // The first list is still on its way and may predate this change: ask again.
        void queryClient.invalidateQueries({ queryKey: printJobsKey });
      }
      // A printer's pending count moves with its jobs; one cheap local call, deduplicated.
      void queryClient.invalidateQueries({ queryKey: printersKey }, { cancelRefetch: false });
    });
    entry = { count: 0, stop };
    live.set(queryClient, entry);
  }
  entry.count += 1;
  const mine = entry;
  return () => {
    mine.count -= 1;
    if (mine.count === 0) {
      mine.stop();
      live.delete(queryClient);
      // Nobody hears the events now: the next one to show jobs fetches them again.
      void queryClient.invalidateQueries({ queryKey: printJobsKey, refetchType: 'none' });
    }
  };
}

/** Every job the print service knows (queued, in flight and history), live. */
export function usePrintJobs() {
  const client = useBridge();
  const queryClient = useQueryClient();
  useEffect(() => subscribe(client, queryClient), [client, queryClient]);
  return useLocalQuery(
    'printJobsList',
    {},
    // Live through the events while anyone is subscribed.
    { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
}
