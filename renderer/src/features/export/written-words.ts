/** The words long work ends with: counts with their noun, and where an export was written. */
import type { ExportResult } from '../../../../shared/contract/values';

/** "1,204 orders": a count with its noun, plural unless one. */
export const plural = (n: number, word: string) =>
  `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/**
 * The toast after a CSV export: how many rows went to which file; an export whose rows could
 * not be checked says so first (it is kept aside, not a finished export).
 */
export const writtenText = (r: ExportResult): string | { warning: string } =>
  r.unverified !== undefined
    ? {
        warning: `${plural(r.rows, 'row')} written, but the count could not be checked, so rows may be missing; kept as ${r.path}`,
      }
    : `${plural(r.rows, 'row')} written to ${r.path}`;
