/**
 * What a batch writes down as it goes, so that after a kill or crash it can be shown with the
 * orders it did not reach and finished with "print the rest". The decisions are recorded as
 * they are made: the batch and its orders first, then each skip and each queued job. The
 * per-connection local store keeps them (batch-journal.ts); tests may pass a recorder of their
 * own.
 */
import type { PrintRouteKind } from '@shared/contract/printing-settings';
import type { BatchOrder, BatchSkipCause } from '@shared/contract/printing-values';

export interface BatchStart {
  id: string;
  title: string;
  what: 'labels' | 'documents';
  kinds?: string[];
  override?: Record<string, unknown>;
  orders: BatchOrder[];
  /** "Print the rest" of a batch already recorded: its orders and title stay. */
  resumed: boolean;
}

/** One order's fate in a batch (an order may have several: slips queued, label skipped). */
export interface BatchEntry {
  id: number;
  outcome: 'queued' | Exclude<BatchSkipCause, 'not_reached'>;
  reason?: string;
  kind?: PrintRouteKind;
  jobId?: string;
  /** The printer a queued job went to, for the order's printed mark. */
  printer?: string;
  /**
   * A later job of this batch still carries the order (a documents batch whose kinds print on
   * two printers: its slips job, then its labels job). What the order came to is then not yet
   * known: the floor keeps it 'pending' ("may have printed: check") until its last job, so a
   * station stopped between the two never leaves it as printed, nor a station elsewhere
   * printing its slips again.
   */
  more?: true;
}

export type BatchEnd = 'finished' | 'stopped' | 'cancelled';

export interface BatchRecorder {
  begin(batch: BatchStart): Promise<void>;
  /** The orders' names once they are known (some are learnt while the batch runs). */
  names(batchId: string, orders: BatchOrder[]): Promise<void>;
  /**
   * These orders' job is about to be made and sent (a floor hears it before the job exists, so
   * another station never prints them again unasked); absent: nothing to say before the job.
   */
  sending?(batchId: string, orderIds: number[]): Promise<void>;
  record(batchId: string, entries: BatchEntry[]): Promise<void>;
  end(batchId: string, state: BatchEnd, reason?: string): Promise<void>;
}

/** Records nothing: for callers with no local store (tests of the printing alone). */
export const noRecorder: BatchRecorder = {
  begin: async () => {},
  names: async () => {},
  record: async () => {},
  end: async () => {},
};
