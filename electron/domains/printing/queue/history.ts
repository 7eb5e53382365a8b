/**
 * Finished jobs keep their files so "reprint last label" works with the API unreachable, but
 * a pack station prints thousands of labels a week: keep the newest ones within a count and a
 * byte budget, and let the oldest go.
 */
import type { PrintJob } from './types.js';

export interface HistoryBounds {
  maxJobs: number;
  maxBytes: number;
}

export const defaultHistoryBounds: HistoryBounds = { maxJobs: 200, maxBytes: 200 * 1024 * 1024 };

/** Jobs that no longer need anything from anyone; failed and may-have-printed ones still do. */
export function isHistory(job: PrintJob): boolean {
  return job.state === 'sent' || job.state === 'cancelled';
}

/** The history jobs to delete, oldest first: everything past the count or byte budget. */
export function jobsToPrune(jobs: Iterable<PrintJob>, bounds: HistoryBounds): PrintJob[] {
  const history = [...jobs]
    .filter(isHistory)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.seq - a.seq);
  let count = 0;
  let bytes = 0;
  const prune: PrintJob[] = [];
  let full = false;
  for (const job of history) {
    // Once the budget is reached everything older goes too: history stays "the last N jobs",
    // without gaps where a small old job squeezed in behind a big new one.
    full ||= count >= bounds.maxJobs || bytes + job.size > bounds.maxBytes;
    if (!full) {
      count++;
      bytes += job.size;
    } else {
      prune.push(job);
    }
  }
  return prune.reverse();
}
