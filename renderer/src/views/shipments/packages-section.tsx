/**
 * The shipment's packages: dimensions, weights (actual, dimensional, billable), rated costs,
 * zone, label format and the delivery details, one row per package. Decimal fields arrive as
 * strings ("12.50") and are shown as given with their unit, never through a float.
 */

import { StatusBadge } from '../../features/orders/status-badge';
import { CARD_TABLE, Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';
import { asRecords, asText, humanize } from '../order-detail/order-values';

const LOCATION_TYPES: Record<string, string> = {
  DOOR: 'Door',
  LCK: 'Locker',
  PUP: 'Pickup point',
  SAFE: 'Safe place',
};

const withUnit = (v: unknown, unit: string) => {
  const t = asText(v);
  return t === null ? '—' : `${t} ${unit}`;
};

export function PackagesSection({ packages, format }: { packages: unknown; format: Formatters }) {
  const list = asRecords(packages);
  return (
    <Card title={`Packages (${list.length})`} className="lg:col-span-2">
      {list.length === 0 ? (
        <p className="text-sm text-muted">No packages recorded for this shipment.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={CARD_TABLE} aria-label="Packages">
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Status</th>
                <th scope="col">Dimensions (L × W × H)</th>
                <th scope="col">Weight</th>
                <th scope="col">Dim. / billable weight</th>
                <th scope="col">Cost</th>
                <th scope="col">Rated base cost</th>
                <th scope="col">Zone</th>
                <th scope="col">Label</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p, i) => {
                const status = asText(p.status);
                const dims = [p.length_cm, p.width_cm, p.height_cm].map(asText);
                const attempts = asText(p.delivery_attempts);
                const firstOk = p.first_attempt_success_flag;
                const where = asText(p.delivery_location_type);
                return (
                  <tr
                    key={asText(p.id) ?? i}
                    className="border-t border-line align-top"
                    data-testid="package-row"
                    data-package-id={asText(p.id) ?? undefined}
                  >
                    <td>
                      <span className="block">#{asText(p.id) ?? '—'}</span>
                      <span className="block text-xs text-muted">
                        {[
                          asText(p.description),
                          asText(p.quantity) && `qty ${asText(p.quantity)}`,
                          asText(p.tracking_code),
                        ]
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
                    <td>{asText(p.cost) ?? '—'}</td>
                    <td>{asText(p.rated_base_cost) ?? '—'}</td>
                    <td>{asText(p.rated_zone) ?? '—'}</td>
                    <td>
                      <span className="block">{asText(p.label_format) ?? '—'}</span>
                      {asText(p.label_generated_ts) && (
                        <span className="block text-xs text-muted">
                          {format.dateTime(asText(p.label_generated_ts))}
                        </span>
                      )}
                    </td>
                    <td className="text-xs">
                      <span className="block">
                        {asText(p.delivered_ts)
                          ? `Delivered ${format.dateTime(asText(p.delivered_ts))}`
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
                      {asText(p.pod_signature_uri) && (
                        <span className="block text-muted">Signature on file</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
