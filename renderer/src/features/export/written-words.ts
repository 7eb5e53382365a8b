/** The words long work ends with: counts with their noun, and where an export was written. */
import type { ExportResult } from '../../../../shared/contract/values';

/** "1,204 orders": a count with its noun, plural unless one. */
export const plural = (n: number, word: string) =>
  `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** The toast after a CSV export: how many rows went to which file. */
export const writtenText = (r: ExportResult) => `${plural(r.rows, 'row')} written to ${r.path}`;
