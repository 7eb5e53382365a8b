/**
 * One piece of bulk work at a time for the Orders view (fetch all ids, print, refresh
 * tracking, export): run under an operation id through runLongWork (activity indicator,
 * toast when done), its progress read from the bridge's progress events, and a Cancel that
 * asks the bridge to stop it. Work done in the renderer (refresh tracking, one call per
 * order) reports its own progress into the same store and stops between calls.
 */
import { useCallback, useRef, useState } from 'react';
import type { Progress } from '../../../../shared/contract/values';
import { BridgeCallError, callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { runLongWork } from '../status/long-work';
import { useProgressStore } from '../status/progress-store';

export interface WorkContext {
  operationId: string;
  /** For renderer-side loops: what to show in the progress bar. */
  report(phase: string, done: number, total: number | null): void;
  /** True once the person pressed Cancel (renderer-side loops stop at the next step). */
  cancelled(): boolean;
}

export interface RunningWork {
  operationId: string;
  title: string;
  progress: Progress | null;
  cancelling: boolean;
}

/** Thrown by renderer-side loops on Cancel, so runLongWork ends quietly as for the bridge. */
export function cancelledError(what: string): BridgeCallError {
  return new BridgeCallError('operationCancel', {
    code: 'cancelled',
    message: `${what} was cancelled.`,
  });
}

export function isCancelled(error: unknown): boolean {
  return error instanceof BridgeCallError && error.code === 'cancelled';
}

export function useBulkOperation() {
  const client = useBridge();
  const [current, setCurrent] = useState<{ operationId: string; title: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancelFlag = useRef(false);
  const progress = useProgressStore((s) =>
    current ? (s.activities[current.operationId]?.progress ?? null) : null,
  );

  const run = useCallback(
    async <T>(
      title: string,
      work: (ctx: WorkContext) => Promise<T>,
      describe?: (value: T) => string | { warning: string },
    ): Promise<T | null> => {
      cancelFlag.current = false;
      setCancelling(false);
      try {
        return await runLongWork({
          title,
          describe,
          run: (operationId) => {
            setCurrent({ operationId, title });
            return work({
              operationId,
              cancelled: () => cancelFlag.current,
              report: (phase, done, total) =>
                useProgressStore.getState().progress({ operationId, phase, done, total }),
            });
          },
        });
      } catch (error) {
        // runLongWork has already said why in a toast; cancelled work ends quietly.
        if (!isCancelled(error)) console.warn(`${title} failed`, error);
        return null;
      } finally {
        setCurrent(null);
        setCancelling(false);
      }
    },
    [],
  );

  const cancel = useCallback(() => {
    if (!current) return;
    cancelFlag.current = true;
    setCancelling(true);
    // Bridge-side work stops at its next step; renderer loops see the flag.
    void callBridge(client, 'operationCancel', { operationId: current.operationId }).catch(
      () => {},
    );
  }, [client, current]);

  const running: RunningWork | null = current ? { ...current, progress, cancelling } : null;
  return { running, run, cancel };
}
