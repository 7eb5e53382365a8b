/** The order's shipments (labels bought through the service), voided ones included. */
import { Card } from '../../../ui/card';
import { CardTable, type CardTableSpec, columnsOf } from '../../../ui/card-table';
import { StatusPill } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import { serviceWords } from '../../../ui/format/service-words';
import type { SectionProps } from './section-props';

const SHIPMENTS_TABLE: CardTableSpec = {
  label: 'Shipments',
  scroll: true,
  columns: columnsOf(
    'Shipment',
    'Carrier',
    'Service',
    'Tracking number',
    'Status',
    'Created',
    'Label',
    'Details',
  ),
};

export function ShipmentsSection({ order, format }: SectionProps) {
  const shipments = order.shipments;
  return (
    <Card title={`Shipments (${shipments.length})`} className="lg:col-span-2">
      <CardTable
        spec={SHIPMENTS_TABLE}
        rows={shipments}
        empty="No shipments: no label was bought through the service for this order."
        row={(s, i) => {
          const status = s.status || null;
          return (
            <tr key={s.id} data-field={`shipments.${i}`} className="border-t border-line align-top">
              <td>{s.id}</td>
              <td>{humanize(s.carrier) ?? '—'}</td>
              <td>{serviceWords(s.service) ?? '—'}</td>
              <td className="font-mono" data-field={`shipments.${i}.tracking_number`}>
                {s.tracking_number || '—'}
              </td>
              <td>
                {status ? (
                  <StatusPill
                    tone={status === 'voided' ? 'warn' : status === 'delivered' ? 'ok' : 'neutral'}
                  >
                    {humanize(status)}
                  </StatusPill>
                ) : (
                  '—'
                )}
              </td>
              <td>{format.dateTime(s.created_at)}</td>
              <td className="max-w-48 truncate" title={s.label_url || undefined}>
                {s.label_url ? 'Available' : 'None'}
              </td>
              <td className="text-xs text-muted">{describeMeta(s.meta, format.dateTime)}</td>
            </tr>
          );
        }}
      />
    </Card>
  );
}

/** The shipment's `meta` ("any"): the shipping-area id, or when and why it was voided. */
function describeMeta(meta: unknown, dateTime: (v: string | null) => string): string {
  const record = openJson.object(meta);
  if (!record) return openJson.describe(meta) ?? '—';
  const parts: string[] = [];
  if (record.shipment_id) parts.push(`Shipping-area id ${openJson.text(record.shipment_id)}`);
  if (record.voided_at) parts.push(`Voided ${dateTime(openJson.text(record.voided_at))}`);
  if (record.void_reason) parts.push(`(${openJson.text(record.void_reason)})`);
  const known = new Set(['shipment_id', 'voided_at', 'void_reason']);
  for (const [k, v] of Object.entries(record)) {
    if (!known.has(k)) parts.push(`${k}: ${openJson.describe(v) ?? '—'}`);
  }
  return parts.length > 0 ? parts.join(' ') : '—';
}
