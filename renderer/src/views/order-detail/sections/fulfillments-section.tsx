/**
 * Storefront fulfillments and fulfillments: one card per parcel with its tracking status
 * (normalised, the provider's, the sub-status), numbers and links, and its events as a
 * timeline. Plain-http tracking links (`tracking_url_unsafe`) are shown as text, not links.
 */

import type { Api } from '../../../../../shared/contract/values';
import { withKeys } from '../../../features/inventory/unique-keys';
import { TrackingTimeline, timelineFromOpen } from '../../../features/tracking/tracking-timeline';
import { Card } from '../../../ui/card';
import { DetailList, type PillTone, StatusPill } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import { serviceWords } from '../../../ui/format/service-words';
import type { SectionProps } from './section-props';

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

type Parcel =
  | { kind: 'storefront'; f: Api['StorefrontFulfillment'] }
  | { kind: 'own'; f: Api['Fulfillment'] };

function ParcelCard({ parcel, format }: { parcel: Parcel; format: SectionProps['format'] }) {
  const { f, kind } = parcel;
  const status = f.tracking_events_status;
  const name = f.name || `#${f.id}`;
  const numbers = openJson.list(f.tracking_numbers).map(openJson.text).filter(Boolean).join(', ');
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
          { label: 'Service', value: serviceWords(f.service) },
          { label: 'Carrier', value: f.tracking_company },
          { field: 'tracking_number', label: 'Tracking number', value: f.tracking_number },
          { label: 'All tracking numbers', value: numbers || null },
          {
            label: 'Tracking link',
            value: (
              <TrackingLink
                url={f.tracking_url || null}
                unsafe={parcel.kind === 'own' && parcel.f.tracking_url_unsafe === true}
              />
            ),
          },
          { label: 'Provider status', value: f.tracking_events_provider_status },
          { label: 'Sub-status', value: f.tracking_events_sub_status },
          {
            label: 'Provider status since',
            value: format.dateTime(f.tracking_events_provider_status_changed_at),
          },
          { label: 'Last event', value: format.dateTime(f.tracking_events_last_event_at) },
          { label: 'Last checked', value: format.dateTime(f.tracking_events_last_polled_at) },
          { label: 'Passport', value: openJson.describe(f.passport_id) },
          { label: 'Passports by SKU', value: openJson.describe(f.passport_ids_by_sku) },
          ...(parcel.kind === 'storefront'
            ? [
                { label: 'Storefront id', value: parcel.f.fulfillment_id },
                {
                  label: 'In storefront since',
                  value: format.dateTime(parcel.f.storefront_created_at),
                },
                {
                  label: 'Storefront updated',
                  value: format.dateTime(parcel.f.storefront_updated_at),
                },
              ]
            : [
                { label: 'Channel id', value: parcel.f.external_id },
                {
                  label: 'At the source since',
                  value: format.dateTime(parcel.f.source_created_at),
                },
                { label: 'Source updated', value: format.dateTime(parcel.f.source_updated_at) },
              ]),
        ]}
      />
      <h4 className="mt-3 mb-1 text-sm font-semibold">Tracking events</h4>
      <TrackingTimeline events={timelineFromOpen(f.tracking_events)} format={format} />
    </section>
  );
}

export function FulfillmentsSection({ order, format }: SectionProps) {
  const parcels: Parcel[] = [
    ...order.storefront_fulfillments.map((f) => ({ kind: 'storefront' as const, f })),
    ...order.fulfillments.map((f) => ({ kind: 'own' as const, f })),
  ];
  return (
    <Card title="Fulfillments and tracking" className="lg:col-span-2">
      {parcels.length === 0 ? (
        <p className="text-sm text-muted">Nothing has been handed over to a carrier yet.</p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {withKeys(parcels, (p) => `${p.kind}-${p.f.id}`).map(({ item, key }) => (
            <ParcelCard key={key} parcel={item} format={format} />
          ))}
        </div>
      )}
    </Card>
  );
}
