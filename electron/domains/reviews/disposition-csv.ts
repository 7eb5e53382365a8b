/**
 * The dispositions CSV for the ERP: one row per recorded return line, in return then line
 * order, with the API's names for the return (RMA number, id) and the line (SKU), and the
 * clerk's record in plain words an import can map (restock / write_off, new / opened /
 * damaged). Columns are fixed: an ERP import is set up once against them.
 */
import type { LineDisposition } from '@shared/contract/action-values';
import type { CsvTable } from '../../kernel/operations/csv-file';

export const DISPOSITION_COLUMNS = [
  'rma_number',
  'return_id',
  'line',
  'line_id',
  'sku',
  'name',
  'quantity',
  'received',
  'condition',
  'action',
  'recorded_by',
  'recorded_at',
] as const;

export function dispositionTable(dispositions: readonly LineDisposition[]): CsvTable {
  return {
    header: DISPOSITION_COLUMNS,
    rows: dispositions.map((d) => [
      d.rmaNumber ?? '',
      d.returnId,
      // People count lines from 1.
      d.lineIndex + 1,
      d.lineId,
      d.sku,
      d.name,
      d.quantity,
      d.received,
      d.condition,
      d.action,
      d.recordedBy,
      d.recordedAt,
    ]),
  };
}
