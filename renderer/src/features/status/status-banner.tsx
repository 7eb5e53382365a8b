/**
 * The banner under the header: the API is unreachable, requests are being retried, or the
 * console waits for the rate limit (with a countdown and what is queued). While unreachable
 * it asks again every few seconds (a connection test, which the bridge does not retry) and,
 * once the API answers, clears itself and refetches what failed.
 */
import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { CloudOff, Hourglass, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { useSelectedConnection } from '../../query/connections';
import { useConnectivityStore } from '../../query/connectivity-store';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { bannerModel } from './banner-model';
import { useThrottleStore } from './throttle-store';

const PROBE_EVERY_MS = 3000;

/** Ticks while a rate-limit pause is running, so the countdown moves and the banner ends. */
function useNowWhile(until: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? Date.now() : now;
}

function useReachabilityProbe(active: boolean) {
  const queryClient = useQueryClient();
  const connection = useSelectedConnection();
  // A verdict, even "connected", is the console's own answer: not an API answer itself.
  const probe = useLocalQuery(
    'connectionTest',
    { id: connection?.id ?? '' },
    {
      enabled: active && connection !== null,
      refetchInterval: PROBE_EVERY_MS,
      retry: false,
      gcTime: 0,
    },
  );
  const answered = probe.data?.ok === true;
  useEffect(() => {
    if (!active || !answered) return;
    useConnectivityStore.getState().reportReachable();
    void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
  }, [active, answered, queryClient]);
  return probe;
}

export function StatusBanner() {
  const client = useBridge();
  const throttle = useThrottleStore((s) => s.state);
  const unreachable = useConnectivityStore((s) => s.unreachable);
  const now = useNowWhile(throttle?.pausedUntil ?? null);
  const probe = useReachabilityProbe(unreachable !== null);

  // Events report changes only: read the state once at start.
  useEffect(() => {
    void client.throttleState({}).then((r) => {
      if (r.ok) useThrottleStore.getState().update(r.value);
    });
  }, [client]);

  // Waiting: a query with nothing to show yet is fetching, or an action is under way.
  const loading = useIsFetching({
    predicate: (q) => q.state.data === undefined && q.meta?.reachability !== false,
  });
  const acting = useIsMutating();
  const model = bannerModel(throttle, unreachable, now, loading + acting > 0);
  const Icon = model?.kind === 'rate-limit' ? Hourglass : model ? CloudOff : RefreshCw;
  return (
    // Always mounted, so screen readers announce what appears in it.
    <div role="status" aria-live="polite" data-testid="status-banner">
      {model && (
        <div
          data-kind={model.kind}
          className={cn(
            'flex items-start gap-3 border-b px-pad py-2 text-sm',
            model.tone === 'danger'
              ? 'border-danger bg-danger-soft text-danger'
              : 'border-warn bg-warn-soft text-warn',
          )}
        >
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">
            <strong>{model.title}.</strong> {model.detail}
          </p>
          {model.kind === 'unreachable' && (
            <Button busy={probe.isFetching} onClick={() => void probe.refetch()}>
              Check now
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
