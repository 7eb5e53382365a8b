/**
 * A product's recent movements, newest first (the API promises that order; they are sorted
 * again so a different answer still reads right): when, the change with its sign, the kind,
 * what caused it (order, return, count…) with its reference, where, who and the notes.
 */

import { type Movement, signedDelta, sortMovements } from '../../features/inventory/stock-facts';
import { withKeys } from '../../features/inventory/unique-keys';
import { humanize } from '../../features/orders/order-facts';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';

const TH = 'px-2 py-1 text-left font-medium';
const TD = 'px-2 py-1';

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
          <table className="w-full border-collapse text-sm" aria-labelledby="movements-heading">
            <thead className="bg-raised">
              <tr>
                <th scope="col" className={TH}>
                  When
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Change
                </th>
                <th scope="col" className={TH}>
                  Type
                </th>
                <th scope="col" className={TH}>
                  Source
                </th>
                <th scope="col" className={TH}>
                  Location
                </th>
                <th scope="col" className={TH}>
                  Bin
                </th>
                <th scope="col" className={TH}>
                  By
                </th>
                <th scope="col" className={TH}>
                  Notes
                </th>
              </tr>
            </thead>
            <tbody>
              {withKeys(sorted, (m) => m.id).map(({ item: m, key }) => (
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
                    {m.source_ref ? (
                      <span className="font-mono text-xs"> {m.source_ref}</span>
                    ) : null}
                  </td>
                  <td className={`${TD} font-mono text-xs`}>{m.location_code || '—'}</td>
                  <td className={`${TD} font-mono text-xs`}>{m.bin_code || '—'}</td>
                  <td className={TD}>
                    {typeof m.actor_id === 'number' ? `User ${m.actor_id}` : 'System'}
                  </td>
                  <td className={TD}>{m.notes || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
