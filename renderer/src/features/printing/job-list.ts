/**
 * Pure helpers over the list of print jobs: applying one `printJob` event, and grouping per
 * printer for the queue view. Kept apart from React so they are tested on their own.
 */
import type { PrintJobView } from '../../../../shared/contract/printing-values';

/** The list after one event: a changed job replaces its old self (or is added); removed goes. */
export function applyJobEvent(
  jobs: readonly PrintJobView[],
  job: PrintJobView,
  change: 'changed' | 'removed',
): PrintJobView[] {
  if (change === 'removed') return jobs.filter((j) => j.id !== job.id);
  const at = jobs.findIndex((j) => j.id === job.id);
  if (at === -1) return [...jobs, job];
  // An event may overtake the list it is applied to: never go back to an older state.
  if ((jobs[at] as PrintJobView).updatedAt > job.updatedAt) return [...jobs];
  const next = [...jobs];
  next[at] = job;
  return next;
}

export interface PrinterJobs {
  printerId: string;
  printerName: string;
  /** Newest first: what just happened is what the person looks for. */
  jobs: PrintJobView[];
}

/** Jobs per printer, printers in the order of their newest job. */
export function groupByPrinter(jobs: readonly PrintJobView[]): PrinterJobs[] {
  const groups = new Map<string, PrinterJobs>();
  const newestFirst = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const job of newestFirst) {
    let group = groups.get(job.printerId);
    if (!group) {
      group = { printerId: job.printerId, printerName: job.printerName, jobs: [] };
      groups.set(job.printerId, group);
    }
    group.jobs.push(job);
  }
  return [...groups.values()];
}

/** The most recent label job, for "Reprint last label". */
export function lastLabelJob(jobs: readonly PrintJobView[]): PrintJobView | undefined {
  return [...jobs]
    .filter((j) => isLabel(j) && j.state !== 'cancelled')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

function isLabel(job: PrintJobView): boolean {
  return job.format === 'zpl' || job.media === '4x6in' || /\blabel/i.test(job.title);
}
