/**
 * A batch's outcome in words: why orders were not printed (the cause of each group), the
 * orders by the names a person sees, and one line that accounts for every selected order.
 */
import type {
  BatchOrder,
  BatchSkipCause,
  PrintBatchSummary,
} from '../../../../shared/contract/printing-values';

export const CAUSE_WORDS: Record<BatchSkipCause, string> = {
  no_label: 'No label',
  not_found: 'Not found at the API',
  refused: 'Refused by the API',
  not_reached: 'Not reached',
  may_have_printed: 'May have printed — check',
};

/** How many names a line shows before "and N more" (the full list is one click away). */
export const NAMES_SHOWN = 12;

/** "#10983, #10984 and 3 more". */
export function namesLine(orders: readonly BatchOrder[], shown = NAMES_SHOWN): string {
  const names = orders.slice(0, shown).map((o) => o.name);
  const rest = orders.length - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * "500 orders: 318 in jobs, 182 not printed, 0 not reached" — every selected order in one of
 * the three, so a person can see nothing was dropped. `mayHavePrinted` of the skipped ones
 * (another station was sending them when it stopped) are said as such, not as "not printed".
 */
export function batchLine(
  batch: { selected: number; queued: number; skipped: number; notReached: number },
  mayHavePrinted = 0,
): string {
  const parts = [`${batch.queued.toLocaleString()} printed`];
  if (mayHavePrinted > 0) parts.push(`${mayHavePrinted.toLocaleString()} may have printed`);
  const notPrinted = batch.skipped - mayHavePrinted;
  if (notPrinted > 0) parts.push(`${notPrinted.toLocaleString()} not printed`);
  if (batch.notReached > 0) parts.push(`${batch.notReached.toLocaleString()} not reached`);
  return `${count(batch.selected, 'order', 'orders')}: ${parts.join(', ')}`;
}

/** The batch's state in words, for a stopped or cancelled one. */
export function batchStateWords(state: PrintBatchSummary['state']): string | null {
  if (state === 'stopped') return 'The batch stopped before its end';
  if (state === 'cancelled') return 'The batch was cancelled';
  return null;
}
