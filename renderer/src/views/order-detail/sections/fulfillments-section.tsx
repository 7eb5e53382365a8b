/**
 * Storefront fulfillments and fulfillments: one card per parcel with its tracking status
 * (normalised, the provider's, the sub-status), numbers and links, and its events as a
 * timeline. Plain-http tracking links (`tracking_url_unsafe`) are shown as text, not links.
 */
import { Card } from '../../../ui/card';
import { DetailList, type PillTone, StatusPill } from '../detail-list';
import { asArray, asRecord, asText, describeJson, humanize, type Json } from '../order-values';
import type { SectionProps } from './section-props';
import { TrackingTimeline } from './tracking-timeline';

const STATUS_TONES: Record<string, PillTone> = {
  delivered: 'ok',
  active: 'neutral',
  pending: 'neutral',
  skipped: 'neutral',
  stale: 'warn',
  not_found: 'warn',
  error: 'danger',
};

function TrackingLink({ url, unsafe }: { url: string | null; unsafe: boolean }) {
  if (!url) return null;
  if (unsafe || !url.startsWith('https://')) {
    return (
      <span className="break-all">
        {url} <span className="text-warn">(not a secure link)</span>
      </span>
    );
  }
  return (
    <a className="break-all underline" href={url} target="_blank" rel="noreferrer noopener">
      {url}
    </a>
  );
}

function ParcelCard({
  f,
  kind,
  format,
}: {
  f: Json;
  kind: 'storefront' | 'own';
  format: SectionProps['format'];
}) {
  const status = asText(f.tracking_events_status);
  const name = asText(f.name) ?? `#${asText(f.id) ?? '?'}`;
  const numbers = asArray(f.tracking_numbers).map(asText).filter(Boolean).join(', ');
  return (
    <section
      aria-label={`${kind === 'storefront' ? 'Storefront fulfillment' : 'Fulfillment'} ${name}`}
      data-testid="fulfillment"
      className="rounded-md border border-line p-3"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{name}</h3>
        <span className="text-xs text-muted">
          {kind === 'storefront' ? 'Storefront fulfillment' : 'Fulfillment'}
        </span>
        {status && (
          <StatusPill tone={STATUS_TONES[status] ?? 'neutral'}>
            Tracking: {humanize(status)}
          </StatusPill>
        )}
      </div>
      <DetailList
        entries={[
          { label: 'Status', value: humanize(f.status) },
          { label: 'Service', value: asText(f.service) },
          { label: 'Carrier', value: asText(f.tracking_company) },
          { field: 'tracking_number', label: 'Tracking number', value: asText(f.tracking_number) },
          { label: 'All tracking numbers', value: numbers || null },
          {
            label: 'Tracking link',
            value: (
              <TrackingLink url={asText(f.tracking_url)} unsafe={f.tracking_url_unsafe === true} />
            ),
          },
          { label: 'Provider status', value: asText(f.tracking_events_provider_status) },
          { label: 'Sub-status', value: asText(f.tracking_events_sub_status) },
          {
            label: 'Provider status since',
            value: format.dateTime(asText(f.tracking_events_provider_status_changed_at)),
          },
          { label: 'Last event', value: format.dateTime(asText(f.tracking_events_last_event_at)) },
          {
            label: 'Last checked',
            value: format.dateTime(asText(f.tracking_events_last_polled_at)),
          },
          { label: 'Passport', value: describeJson(f.passport_id) },
          { label: 'Passports by SKU', value: describeJson(f.passport_ids_by_sku) },
          kind === 'storefront'
            ? { label: 'Storefront id', value: asText(f.fulfillment_id) }
            : { label: 'Channel id', value: asText(f.external_id) },
          kind === 'storefront'
            ? {
                label: 'In storefront since',
                value: format.dateTime(asText(f.storefront_created_at)),
              }
            : { label: 'At the source since', value: format.dateTime(asText(f.source_created_at)) },
          kind === 'storefront'
            ? {
                label: 'Storefront updated',
                value: format.dateTime(asText(f.storefront_updated_at)),
              }
            : { label: 'Source updated', value: format.dateTime(asText(f.source_updated_at)) },
        ]}
      />
      <h4 className="mt-3 mb-1 text-sm font-semibold">Tracking events</h4>
      <TrackingTimeline events={f.tracking_events} format={format} />
    </section>
  );
}

export function FulfillmentsSection({ order, format }: SectionProps) {
  const storefront = asArray(order.storefront_fulfillments)
    .map(asRecord)
    .filter((f) => f !== null);
  const own = asArray(order.fulfillments)
    .map(asRecord)
    .filter((f) => f !== null);
  return (
    <Card title="Fulfillments and tracking" className="lg:col-span-2">
      {storefront.length + own.length === 0 ? (
        <p className="text-sm text-muted">Nothing has been handed over to a carrier yet.</p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {storefront.map((f, i) => (
            <ParcelCard key={`s${asText(f.id) ?? i}`} f={f} kind="storefront" format={format} />
          ))}
          {own.map((f, i) => (
            <ParcelCard key={`f${asText(f.id) ?? i}`} f={f} kind="own" format={format} />
          ))}
        </div>
      )}
    </Card>
  );
}
