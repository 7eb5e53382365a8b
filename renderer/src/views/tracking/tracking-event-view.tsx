/**
 * One tracking event (`/tracking/:id`): the scan (normalised and carrier status, time, the
 * carrier's words), where it happened (location code and position), how long the parcel
 * waited at the hub, the exception if any, and the package it belongs to with a way to see
 * every event of that package. Open-shaped parts ("any" in the spec) go through openJson.
 */
import { useLocation } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import {
  dwellText,
  eventCarrier,
  eventDescription,
  geoPoint,
} from '../../features/tracking/tracking-event-values';
import { EMPTY_TRACKING_FILTERS } from '../../features/tracking/tracking-filters';
import { TrackingStatusBadge } from '../../features/tracking/tracking-status-badge';
import { useTrackingEvent } from '../../features/tracking/use-tracking-queries';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DetailCard, fieldEntries } from '../../ui/detail-card';
import { DetailList } from '../../ui/detail-list';
import type { Formatters } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';
import { useFormatters } from '../../ui/format/use-formatters';
import { BackLink, DetailFrame } from '../detail-frame';
import { ViewPage } from '../view-page';
import { useTrackingViewState } from './tracking-view';

const SHOWN = new Set([
  'id',
  'package',
  'package_tracking_code',
  'owner',
  'scan_event',
  'scan_timestamp',
  'scan_location_code',
  'scan_status_code',
  'svc_normalized_status',
  'hub_dwell_minutes',
  'geo_breadcrumb',
  'exception_code',
  'idempotency_key',
  'created_at',
  'updated_at',
]);

export function TrackingEventView({ id }: { id: number }) {
  const { query, enabled } = useTrackingEvent(id);
  const format = useFormatters();
  const back = <BackLink href="/tracking" label="Tracking" />;
  return (
    <DetailFrame noun="tracking event" id={id} back={back} query={query} enabled={enabled}>
      {(e) => (
        <ViewPage title={`Tracking event #${id}`}>
          <div className="flex flex-wrap items-center gap-2">
            {back}
            <TrackingStatusBadge status={e.svc_normalized_status} />
          </div>
          <div className="grid gap-pad lg:grid-cols-2" data-testid="tracking-event-detail">
            <ScanSection event={e} format={format} />
            <LocationSection event={e} />
            <DwellSection event={e} />
            <ExceptionSection event={e} />
            <PackageSection event={e} />
            <RecordSection event={e} format={format} />
          </div>
        </ViewPage>
      )}
    </DetailFrame>
  );
}

interface EventProps {
  event: Api['TrackingEvent'];
}

function ScanSection({ event, format }: EventProps & { format: Formatters }) {
  return (
    <DetailCard
      title="Scan"
      entries={[
        {
          field: 'svc_normalized_status',
          label: 'Status',
          value: <TrackingStatusBadge status={event.svc_normalized_status} />,
        },
        {
          field: 'scan_timestamp',
          label: 'Scanned',
          value: event.scan_timestamp ? format.dateTime(event.scan_timestamp) : null,
        },
        ...fieldEntries(event, [['scan_status_code', 'Carrier code']]),
        { field: 'scan_event', label: 'Carrier says', value: eventDescription(event.scan_event) },
        { field: 'carrier', label: 'Carrier', value: eventCarrier(event.scan_event) },
      ]}
    />
  );
}

function LocationSection({ event }: EventProps) {
  const point = geoPoint(event.geo_breadcrumb);
  const position = point
    ? `${point.lat.toFixed(4)}, ${point.lon.toFixed(4)}`
    : openJson.describe(event.geo_breadcrumb);
  return (
    <DetailCard
      title="Location"
      entries={[
        ...fieldEntries(event, [['scan_location_code', 'Location code']]),
        { field: 'geo_breadcrumb', label: 'Position', value: position },
      ]}
    />
  );
}

function DwellSection({ event }: EventProps) {
  const dwell = dwellText(event.hub_dwell_minutes) ?? 'Not reported';
  return (
    <DetailCard
      title="Dwell time"
      entries={[{ field: 'hub_dwell_minutes', label: 'At the hub', value: dwell }]}
    />
  );
}

function ExceptionSection({ event }: EventProps) {
  const code = event.exception_code || null;
  return (
    <Card title="Exception">
      {code ? (
        <DetailList
          entries={[
            { field: 'exception_code', label: 'Code', value: code },
            { label: 'Carrier says', value: eventDescription(event.scan_event) },
          ]}
        />
      ) : (
        <p className="text-sm text-muted">No exception on this scan.</p>
      )}
    </Card>
  );
}

const PACKAGE_FIELDS = [
  ['package', 'Package id'],
  ['package_tracking_code', 'Tracking code'],
] as const;

function PackageSection({ event }: EventProps) {
  const [, navigate] = useLocation();
  const saved = useTrackingViewState();
  const pkg = event.package;
  return (
    <Card title="Package">
      <DetailList entries={fieldEntries(event, PACKAGE_FIELDS)} />
      {Number.isSafeInteger(pkg) && (
        <Button
          className="mt-2"
          onClick={() => {
            saved.update({ filters: { ...EMPTY_TRACKING_FILTERS, package: String(pkg) } });
            navigate('/tracking');
          }}
        >
          Every event of this package
        </Button>
      )}
    </Card>
  );
}

function RecordSection({ event, format }: EventProps & { format: Formatters }) {
  const when = (v: string | null) => (v ? format.dateTime(v) : null);
  const others = Object.entries(event).filter(([k]) => !SHOWN.has(k));
  return (
    <DetailCard
      title="Record"
      entries={[
        ...fieldEntries(event, [['idempotency_key', 'Idempotency key']]),
        { field: 'created_at', label: 'Received', value: when(event.created_at) },
        { field: 'updated_at', label: 'Last changed', value: when(event.updated_at) },
        ...others.map(([k, v]) => ({ field: k, label: k, value: openJson.describe(v) })),
      ]}
    />
  );
}
