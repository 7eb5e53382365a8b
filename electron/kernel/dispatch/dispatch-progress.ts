/**
 * Progress of one long call, throttled. Fetch-all and exports report after every page or
 * row batch; forwarding each to every window would flood IPC and re-render the renderer for
 * nothing. At most one event per interval goes out, and the latest one is never lost: it goes
 * out when the interval ends, or when the call finishes (before its answer).
 */
import type { Progress } from '@shared/contract/values';

export interface ProgressReporter {
  report(update: Omit<Progress, 'operationId'>): void;
  /** Sends any held-back update now and ignores later ones (the call is over). */
  close(): void;
}

/** 100 ms: at most ten events a second per operation, smooth enough for a progress bar. */
export const PROGRESS_INTERVAL_MS = 100;

export function createProgressReporter(
  operationId: string,
  emit: (progress: Progress) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
): ProgressReporter {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let pending: Progress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const send = (progress: Progress) => {
    pending = undefined;
    lastSentAt = Date.now();
    emit(progress);
  };

  const flushLater = (delay: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending && !closed) send(pending);
    }, delay);
    // A held-back progress event must not keep the process alive on its own.
    timer.unref?.();
  };

  return {
    report(update) {
      if (closed) return;
      // Copy the known fields only: what crosses IPC is exactly a Progress.
      const progress: Progress = {
        operationId,
        phase: String(update.phase),
        done: update.done,
        total: update.total ?? null,
        ...(update.pages
          ? { pages: { done: update.pages.done, total: update.pages.total ?? null } }
          : {}),
      };
      const wait = lastSentAt + intervalMs - Date.now();
      if (wait <= 0 && timer === undefined) {
        send(progress);
        return;
      }
      pending = progress;
      if (timer === undefined) flushLater(Math.max(0, wait));
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending) send(pending);
    },
  };
}
