/**
 * The exceptions board's table: one row per location and a total, a count per measure; a
 * count not in yet is "…", one that could not be read "—", and every count opens the rows it
 * counts. Drawn alone (no count yet) in the board's first frame, then with its counts.
 */
import { Link } from 'wouter';
import {
  type BoardMeasure,
  type BoardRow,
  boardLink,
  type WalkedMeasure,
} from '../../features/inventory/exceptions-board';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';

interface Column {
  measure: BoardMeasure;
  header: (days: number) => string;
  /** "12 low stock rows at WH-AMS-01": what the link opens, for screen readers and tooltips. */
  what: (days: number, one?: boolean) => string;
  /** A count above zero here needs action: shown in the warning or danger colour. */
  tone?: 'warn' | 'danger';
}

const isWalked = (m: BoardMeasure): m is WalkedMeasure =>
  m === 'expired' || m === 'voluntary' || m === 'mandatory';

const rows = (one?: boolean) => (one ? 'stock row' : 'stock rows');

/** A column counting stock rows, with a fixed header: "12 stock rows low on stock". */
const rowCount = (
  measure: BoardMeasure,
  header: string,
  how: string,
  tone: Column['tone'],
): Column => ({ measure, header: () => header, what: (_d, one) => `${rows(one)} ${how}`, tone });

const COLUMNS: readonly Column[] = [
  {
    measure: 'onHand',
    header: () => 'Units on hand',
    what: (_d, one) => (one ? 'unit on hand' : 'units on hand'),
  },
  rowCount('low', 'Low stock', 'low on stock', 'warn'),
  rowCount('out', 'Out of stock', 'out of stock', 'danger'),
  {
    measure: 'expiring',
    header: (d) => `Expiring ≤ ${d} days`,
    what: (d, one) => `${rows(one)} expiring within ${d} days`,
    tone: 'warn',
  },
  rowCount('expired', 'Expired', 'holding expired stock', 'danger'),
  rowCount('voluntary', 'Voluntary recall', 'under a voluntary recall', 'warn'),
  rowCount('mandatory', 'Mandatory recall', 'under a mandatory recall', 'danger'),
];

function CountCell({
  row,
  column,
  days,
  failed,
}: {
  row: BoardRow;
  column: Column;
  days: number;
  /** The count could not be read: "—", not "…" for ever. */
  failed: boolean;
}) {
  const format = useFormatters();
  const value = row.counts[column.measure];
  const where = row.location ? `at ${row.location.code}` : 'at every location';
  const cell = `${column.measure}@${row.location?.id ?? 'all'}`;
  if (value === null && failed) {
    return (
      <td className="px-3 py-2 text-right text-muted" data-board-cell={cell} title="Not counted">
        <span aria-hidden>—</span>
        <span className="sr-only">Not counted</span>
      </td>
    );
  }
  if (value === null) {
    return (
      <td className="px-3 py-2 text-right text-muted" data-board-cell={cell}>
        <span aria-hidden>…</span>
        <span className="sr-only">Counting</span>
      </td>
    );
  }
  const alarm = column.tone && value > 0;
  // Expired and recalls count what is still on the shelf; what was pulled is said beside it.
  const held = isWalked(column.measure) ? (row.held?.[column.measure] ?? null) : null;
  const pulledOff = held !== null && held > value;
  const shelfWords = pulledOff
    ? `${format.number(held)} ${column.what(days, held === 1)}, ${format.number(value)} still on the shelf`
    : null;
  return (
    <td className="px-3 py-2 text-right tabular-nums" data-board-cell={cell}>
      <Link
        href={boardLink(column.measure, row.location?.id ?? null, days)}
        aria-label={
          shelfWords
            ? `${shelfWords} ${where}`
            : `${format.number(value)} ${column.what(days, value === 1)} ${where}`
        }
        title={`Open the ${column.what(days)} ${where}`}
        className={cn(
          'rounded px-1 underline-offset-2 hover:underline',
          !alarm && 'text-fg',
          alarm && column.tone === 'warn' && 'font-semibold text-warn',
          alarm && column.tone === 'danger' && 'font-semibold text-danger',
          value === 0 && 'text-muted',
        )}
      >
        {format.number(value)}
      </Link>
      {pulledOff ? (
        <div className="whitespace-nowrap text-xs font-normal text-muted" data-field="on-shelf">
          {format.number(held)} held, {format.number(value)} on shelf
        </div>
      ) : null}
    </td>
  );
}

export function BoardTable({
  rows,
  days,
  failed,
}: {
  rows: readonly BoardRow[];
  days: number;
  failed(measure: BoardMeasure, locationId: number | null): boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-line">
      <table className="w-full text-sm" data-testid="exceptions-board">
        <caption className="sr-only">Stock exceptions per location</caption>
        <thead className="bg-raised text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Location
            </th>
            {COLUMNS.map((c) => (
              <th
                key={c.measure}
                scope="col"
                className="whitespace-nowrap px-3 py-2 text-right font-medium"
              >
                {c.header(days)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.location?.id ?? 'total'}
              data-board-row={row.location?.id ?? 'total'}
              className={cn('border-t border-line', !row.location && 'bg-raised font-semibold')}
            >
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {row.location ? (
                  <>
                    <span className="whitespace-nowrap font-mono text-xs">{row.location.code}</span>
                    <div className="text-xs text-muted">{row.location.name}</div>
                  </>
                ) : (
                  <span className="font-semibold">All locations</span>
                )}
              </th>
              {COLUMNS.map((c) => (
                <CountCell
                  key={c.measure}
                  row={row}
                  column={c}
                  days={days}
                  failed={failed(c.measure, row.location?.id ?? null)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
