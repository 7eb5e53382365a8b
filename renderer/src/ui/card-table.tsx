/**
 * A small table inside a card (an order's items and shipments, a shipment's packages and
 * carriers, a return's lines, the packs of today): the column headers from a list, one row
 * per item drawn by the caller, and a sentence instead of an empty table. The markup lives
 * here once, so every card table reads, scrolls and is named (aria-label) the same way.
 */
import type { ReactNode } from 'react';
import { CARD_TABLE } from './card';

export interface CardColumn {
  /** The header; a text label is also the column's key. */
  label: ReactNode;
  /** The key when the label is not text (a visually hidden header). */
  key?: string;
  className?: string;
}

/** What a table is, apart from its rows: declared once beside the section that shows it. */
export interface CardTableSpec {
  /** The table's accessible name. */
  label: string;
  columns: readonly CardColumn[];
  /** Wide tables scroll sideways inside their card rather than widen it. */
  scroll?: boolean;
  tableClassName?: string;
  headClassName?: string;
}

export function CardTable<T>({
  spec,
  rows,
  row,
  empty,
}: {
  spec: CardTableSpec;
  rows: readonly T[];
  /** One <tr> for an item. */
  row(item: T, index: number): ReactNode;
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode;
}) {
  const {
    label,
    columns,
    scroll,
    tableClassName = CARD_TABLE,
    headClassName = 'text-muted',
  } = spec;
  if (rows.length === 0 && empty !== undefined) {
    return <p className="text-sm text-muted">{empty}</p>;
  }
  const table = (
    <table className={tableClassName} aria-label={label}>
      <thead className={headClassName}>
        <tr>
          {columns.map((c) => (
            <th key={c.key ?? String(c.label)} scope="col" className={c.className}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(row)}</tbody>
    </table>
  );
  return scroll ? <div className="overflow-x-auto">{table}</div> : table;
}

/** Columns from their labels, for the tables whose headers need nothing else. */
export const columnsOf = (...labels: string[]): CardColumn[] => labels.map((label) => ({ label }));
