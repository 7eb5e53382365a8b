/**
 * The "Pulled…" marks on a list of held batches (the recall list, the expired list): each
 * row's pulled units and what is still on the shelf, the dialog that records a pull, and the
 * CSV carrying the marks. The marks are local (the bridge keeps them), read once for the list.
 */
import { type ReactNode, useMemo, useState } from 'react';
import type { PulledMark } from '../../../../shared/contract/action-values';
import type { PlainTable } from '../../features/inventory/inventory-tables';
import { pulledAtLocation } from '../../features/inventory/pulled-marks';
import type { HeldBatch } from '../../features/inventory/recall-list';
import { usePulledMarks } from '../../features/inventory/use-pulled-marks';
import { useFormatters } from '../../ui/format/use-formatters';
import { PullDialog } from './pull-dialog';
import type { ReadListExport } from './use-read-list-export';

export interface PullMarks<T extends HeldBatch> {
  /** The grid's meta: the formatters, now, each row's mark and the "Pulled…" action. */
  meta: {
    format: ReturnType<typeof useFormatters>;
    now: number;
    pulled: (e: T) => ReturnType<typeof pulledAtLocation>;
    onPull: (e: T) => void;
  };
  /** The list's CSV, its table made with the marks. */
  csvTable: ReadListExport<T>;
  /** The pull dialog while a row's "Pulled…" is open, else null. */
  dialog: ReactNode;
}

/** `csv`: the list's export but its table; `table`: the rows and the marks as a plain table. */
export function usePullMarks<T extends HeldBatch>(
  csv: Omit<ReadListExport<T>, 'table'>,
  table: (rows: readonly T[], marks: readonly PulledMark[]) => PlainTable,
): PullMarks<T> {
  const format = useFormatters();
  const marks = usePulledMarks();
  const [pulling, setPulling] = useState<T | null>(null);
  const meta = useMemo(
    () => ({
      format,
      now: Date.now(),
      pulled: (e: T) => pulledAtLocation(marks, e.batch.id, e.location.id),
      onPull: setPulling,
    }),
    [format, marks],
  );
  // `csv` and `table` are module constants in the views: only the marks change the table.
  const csvTable = useMemo(
    () => ({ ...csv, table: (r: readonly T[]) => table(r, marks) }),
    [csv, table, marks],
  );
  const dialog = pulling ? (
    <PullDialog entry={pulling} marks={marks} onClose={() => setPulling(null)} />
  ) : null;
  return { meta, csvTable, dialog };
}
