/**
 * A product's recent movements, newest first (the API promises that order; they are sorted
 * again so a different answer still reads right): when, the change with its sign, the kind,
 * what caused it (order, return, count…) with its reference, where, who and the notes.
 */

import { type Movement, signedDelta, sortMovements } from '../../features/inventory/stock-facts';
import { withKeys } from '../../features/inventory/unique-keys';
import { CardTable, type CardTableSpec, columnsOf } from '../../ui/card-table';
import { cn } from '../../ui/cn';
import { humanize } from '../../ui/format/formatters';
import { useFormatters } from '../../ui/format/use-formatters';

const TH = 'px-2 py-1 text-left font-medium';
const TD = 'px-2 py-1';

const MOVEMENTS_TABLE: CardTableSpec = {
  label: 'Recent movements',
  // Text columns, but for the change, a signed figure aligned right.
  columns: columnsOf('When', 'Change', 'Type', 'Source', 'Location', 'Bin', 'By', 'Notes').map(
    (c) => ({ ...c, className: c.label === 'Change' ? `${TH} text-right` : TH }),
  ),
  tableClassName: 'w-full border-collapse text-sm',
  headClassName: 'bg-raised',
};

export function MovementsSection({ movements }: { movements: readonly Movement[] }) {
  const format = useFormatters();
  const sorted = sortMovements(movements);
  return (
    <section aria-labelledby="movements-heading" className="flex flex-col gap-gap">
      <h2 id="movements-heading" className="text-base font-semibold">
        Recent movements
      </h2>
      {sorted.length === 0 ? (
        <p className="text-sm text-muted">No recent movements.</p>
      ) : (
        <div className="overflow-auto rounded-md border border-line bg-surface">
          <CardTable
            spec={MOVEMENTS_TABLE}
            rows={withKeys(sorted, (m) => m.id)}
            row={({ item: m, key }) => (
              <tr key={key} className="border-t border-line" data-movement-id={m.id}>
                <td className={`${TD} whitespace-nowrap`}>{format.dateTime(m.occurred_at)}</td>
                <td
                  className={cn(
                    `${TD} text-right font-semibold tabular-nums`,
                    (m.delta ?? 0) < 0 ? 'text-danger' : (m.delta ?? 0) > 0 ? 'text-ok' : '',
                  )}
                >
                  {signedDelta(m.delta, format.number)}
                </td>
                <td className={TD}>{humanize(m.movement_type) || '—'}</td>
                <td className={TD}>
                  {humanize(m.source) || '—'}
                  {m.source_ref ? <span className="font-mono text-xs"> {m.source_ref}</span> : null}
                </td>
                <td className={`${TD} font-mono text-xs`}>{m.location_code || '—'}</td>
                <td className={`${TD} font-mono text-xs`}>{m.bin_code || '—'}</td>
                <td className={TD}>
                  {typeof m.actor_id === 'number' ? `User ${m.actor_id}` : 'System'}
                </td>
                <td className={TD}>{m.notes || '—'}</td>
              </tr>
            )}
          />
        </div>
      )}
    </section>
  );
}
