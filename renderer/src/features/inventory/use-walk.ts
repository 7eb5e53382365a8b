/**
 * A bridge call that reads many pages (the exceptions walk, the reorder list, the sorted stock
 * list), as a query that is visible, cancellable and never left running for nobody (issue 32):
 *
 * - it runs under an operation id, and the bridge's progress events for that id (rows, pages
 *   read of pages) are kept per query, with when they came, so the view can say the time
 *   left at the current rate (walkEstimate);
 * - `cancel` stops it in the main process (operationCancel): the query ends with the
 *   "cancelled" error, which the views say as "stopped" with a way to read again;
 * - when the last view showing it has gone for WALK_LINGER_MS (time to move between the board,
 *   the recall list and the expired rows, which share one walk), it is cancelled the same way.
 *   Work a person started on purpose (an export) is long work (features/status), not this.
 */
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import type { ArgsOf, BridgeMethod, ResultOf } from '../../../../shared/contract/bridge-contract';
import type { Progress } from '../../../../shared/contract/values';
import { BridgeCallError, callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useApiConnection } from '../../query/connections';
import { type BridgeQueryExtras, bridgeQueryKey } from '../../query/query-options';
import { newOperationId } from '../status/long-work';

/** The walks: methods that take an operation id and report progress page by page. */
export type WalkMethod = 'inventoryExceptions' | 'inventoryReorder' | 'inventorySortedPage';

/** How long a walk outlives the last view showing it. */
export const WALK_LINGER_MS = 5_000;

export interface WalkProgress {
  phase: string;
  rows: number;
  rowsTotal: number | null;
  pages: number;
  pagesTotal: number | null;
  /** When the first and the latest progress came (ms, the page's clock). */
  startedAt: number;
  at: number;
}

interface WalkStore {
  byQuery: Record<string, WalkProgress>;
  report(query: string, progress: Progress, now: number): void;
  clear(query: string): void;
}

export const useWalkStore = create<WalkStore>()((set) => ({
  byQuery: {},
  report: (query, p, now) =>
    set((s) => {
      const before = s.byQuery[query];
      const next: WalkProgress = {
        phase: p.phase,
        rows: p.done,
        rowsTotal: p.total,
        pages: p.pages?.done ?? 0,
        pagesTotal: p.pages?.total ?? null,
        // A new phase (the recalled products after the stock rows) starts its own clock.
        startedAt: before && before.phase === p.phase ? before.startedAt : now,
        at: now,
      };
      return { byQuery: { ...s.byQuery, [query]: next } };
    }),
  clear: (query) =>
    set((s) => {
      const { [query]: _gone, ...rest } = s.byQuery;
      return { byQuery: rest };
    }),
}));

/** Running walks' operation ids, by query hash. */
const running = new Map<string, string>();

/**
 * Seconds left at the rate so far (pages when the walk says how many, else rows), or null
 * while there is too little to tell.
 */
export function walkEstimate(p: WalkProgress | undefined): number | null {
  if (!p) return null;
  const [done, total] =
    p.pagesTotal !== null && p.pages > 0 ? [p.pages, p.pagesTotal] : [p.rows, p.rowsTotal];
  const elapsed = p.at - p.startedAt;
  if (total === null || done <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((total - done) * elapsed) / done / 1000));
}

export function isCancelled(error: unknown): boolean {
  return error instanceof BridgeCallError && error.code === 'cancelled';
}

export function useWalkQuery<M extends WalkMethod>(
  method: M,
  args: ArgsOf<M>,
  extras: BridgeQueryExtras<M> = {},
) {
  const client = useBridge();
  const connection = useApiConnection();
  const queryClient = useQueryClient();
  const queryKey = bridgeQueryKey(method, connection.connectionId, args);
  const hash = hashKey(queryKey);
  const query = useQuery({
    ...extras,
    queryKey,
    queryFn: async (): Promise<ResultOf<M>> => {
      const operationId = newOperationId();
      running.set(hash, operationId);
      const off = client.onEvent((event) => {
        if (event.type === 'progress' && event.progress.operationId === operationId) {
          useWalkStore.getState().report(hash, event.progress, Date.now());
        }
      });
      try {
        return (await callBridge(
          client,
          method as BridgeMethod,
          {
            ...args,
            operationId,
          } as ArgsOf<BridgeMethod>,
        )) as ResultOf<M>;
      } finally {
        off();
        if (running.get(hash) === operationId) running.delete(hash);
        useWalkStore.getState().clear(hash);
      }
    },
    enabled: connection.ready && (extras.enabled ?? true),
  });

  const cancel = useCallback(() => {
    const operationId = running.get(hash);
    if (operationId) void callBridge(client, 'operationCancel', { operationId }).catch(() => {});
  }, [client, hash]);

  // The last view showing this walk gone for a moment: nobody is waiting for it any more.
  useEffect(
    () => () => {
      setTimeout(() => {
        const observers = queryClient.getQueryCache().get(hash)?.getObserversCount() ?? 0;
        const operationId = running.get(hash);
        if (observers === 0 && operationId) {
          void callBridge(client, 'operationCancel', { operationId }).catch(() => {});
        }
      }, WALK_LINGER_MS);
    },
    [client, queryClient, hash],
  );

  const progress = useWalkStore((s) => s.byQuery[hash]);
  return { query, progress, cancel };
}
