/**
 * A print request's outcome as one toast: where the jobs went ("3 jobs queued on
 * Packbench-PDF") and what produced nothing ("2 orders not printed: …"). Skipped parts make
 * it a warning; nothing queued at all makes it an error.
 */
import type { PrintOutcome } from '../../../../shared/contract/printing-values';
import { type ToastTone, toast } from '../../ui/toast-store';
import { batchLine, batchStateWords, CAUSE_WORDS, namesLine } from './batch-words';

export interface OutcomeMessage {
  title: string;
  description?: string;
  tone: ToastTone;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function outcomeMessage(outcome: PrintOutcome): OutcomeMessage {
  const perPrinter = new Map<string, number>();
  for (const job of outcome.jobs) {
    perPrinter.set(job.printerName, (perPrinter.get(job.printerName) ?? 0) + 1);
  }
  const queued = [...perPrinter].map(([name, n], i) =>
    i === 0 ? `${plural(n, 'job', 'jobs')} queued on ${name}` : `${n} on ${name}`,
  );
  const skipped = outcome.skipped.map((s) => {
    const reason = s.reason.replace(/\.$/, '');
    // Named as a person sees them when the service named them (order batches do).
    if (s.orders?.length) {
      const cause = s.cause ? `${CAUSE_WORDS[s.cause]}: ` : '';
      return `${cause}${namesLine(s.orders)} (${reason})`;
    }
    return s.orderIds?.length
      ? `${plural(s.orderIds.length, 'order', 'orders')} not printed: ${reason}`
      : reason;
  });
  const batch = outcome.batch;
  // A batch accounts for every selected order, so the person sees nothing was dropped.
  const maybe = outcome.skipped
    .filter((s) => s.cause === 'may_have_printed')
    .reduce((n, s) => n + (s.orders?.length ?? s.orderIds?.length ?? 0), 0);
  const lines = batch
    ? [batchLine(batch, maybe), batchStateWords(batch.state), ...skipped]
    : skipped;
  const description = lines.filter((l): l is string => Boolean(l));
  const title = queued.length > 0 ? joinList(queued) : 'Nothing was printed';
  const unfinished = skipped.length > 0 || (batch !== undefined && batch.notReached > 0);
  const tone: ToastTone = queued.length === 0 ? 'error' : unfinished ? 'warning' : 'success';
  return description.length > 0
    ? { title, description: description.join('; '), tone }
    : { title, tone };
}

/** "a", "a and b", "a, b and c". */
function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The whole message in one line: "3 jobs queued on Packbench-PDF; 2 orders not printed: …". */
export function outcomeSentence(outcome: PrintOutcome): string {
  const m = outcomeMessage(outcome);
  return m.description ? `${m.title}; ${m.description}` : m.title;
}

/** Shows the outcome as a toast (what the print dialogs' callers do after a request). */
export function toastOutcome(outcome: PrintOutcome): void {
  const { title, tone, description } = outcomeMessage(outcome);
  toast(title, description ? { tone, description } : { tone });
}
