/**
 * The shipment's packages: dimensions, weights (actual, dimensional, billable), rated costs,
 * zone, label format and the delivery details, one row per package. Decimal fields arrive as
 * strings ("12.50") and are shown as given with their unit, never through a float.
 */

import type { Api } from '../../../../shared/contract/values';
import { withKeys } from '../../features/inventory/unique-keys';
import { StatusBadge } from '../../features/orders/status-badge';
import { Card } from '../../ui/card';
import { CardTable, type CardTableSpec, columnsOf } from '../../ui/card-table';
import type { Formatters } from '../../ui/format/formatters';
import { humanize } from '../../ui/format/formatters';

const LOCATION_TYPES: Record<string, string> = {
  DOOR: 'Door',
  LCK: 'Locker',
  PUP: 'Pickup point',
  SAFE: 'Safe place',
};

const withUnit = (v: string | null | undefined, unit: string) => (v ? `${v} ${unit}` : '—');

const PACKAGES_TABLE: CardTableSpec = {
  label: 'Packages',
  columns: columnsOf(
    'Package',
    'Status',
    'Dimensions (L × W × H)',
    'Weight',
    'Dim. / billable weight',
    'Cost',
    'Rated base cost',
    'Zone',
    'Label',
    'Delivery',
  ),
  scroll: true,
  headClassName: 'text-xs text-muted',
};

export function PackagesSection({
  packages: list,
  format,
}: {
  packages: readonly Api['Package'][];
  format: Formatters;
}) {
  return (
    <Card title={`Packages (${list.length})`} className="lg:col-span-2">
      <CardTable
        spec={PACKAGES_TABLE}
        rows={withKeys(list, (p) => p.id)}
        empty="No packages recorded for this shipment."
        row={({ item: p, key }) => {
          const status = p.status || null;
          const dims = [p.length_cm, p.width_cm, p.height_cm].map((d) => d || null);
          const attempts = p.delivery_attempts ?? null;
          const firstOk = p.first_attempt_success_flag;
          const where = p.delivery_location_type || null;
          return (
            <tr
              key={key}
              className="border-t border-line align-top"
              data-testid="package-row"
              data-package-id={p.id}
            >
              <td>
                <span className="block">#{p.id}</span>
                <span className="block text-xs text-muted">
                  {[p.description, p.quantity !== undefined && `qty ${p.quantity}`, p.tracking_code]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              <td>{status ? <StatusBadge value={status} /> : '—'}</td>
              <td>
                {dims.every((d) => d === null)
                  ? '—'
                  : `${dims.map((d) => d ?? '?').join(' × ')} cm`}
              </td>
              <td>{withUnit(p.weight_kg, 'kg')}</td>
              <td>
                {withUnit(p.rated_dim_weight_kg, 'kg')} /{' '}
                {withUnit(p.rated_billable_weight_kg, 'kg')}
              </td>
              <td>{p.cost || '—'}</td>
              <td>{p.rated_base_cost || '—'}</td>
              <td>{p.rated_zone || '—'}</td>
              <td>
                <span className="block">{p.label_format || '—'}</span>
                {p.label_generated_ts && (
                  <span className="block text-xs text-muted">
                    {format.dateTime(p.label_generated_ts)}
                  </span>
                )}
              </td>
              <td className="text-xs">
                <span className="block">
                  {p.delivered_ts
                    ? `Delivered ${format.dateTime(p.delivered_ts)}`
                    : 'Not delivered'}
                  {where ? ` · ${LOCATION_TYPES[where] ?? humanize(where)}` : ''}
                </span>
                <span className="block text-muted">
                  {attempts !== null ? `${attempts} attempt(s)` : 'Attempts —'}
                  {typeof firstOk === 'boolean'
                    ? firstOk
                      ? ' · first attempt succeeded'
                      : ' · first attempt failed'
                    : ''}
                </span>
                {p.pod_signature_uri && <span className="block text-muted">Signature on file</span>}
              </td>
            </tr>
          );
        }}
      />
    </Card>
  );
}
