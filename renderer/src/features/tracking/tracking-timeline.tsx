/**
 * A parcel's tracking as a timeline, newest first (what a person asks first is "where is it
 * now"). Two sources draw the same way: a fulfillment's events (open-shaped in the spec: read
 * through openJson, each shown even when parts are missing) and the API's TrackingEvents for a
 * shipment's packages.
 */
import type { Api } from '../../../../shared/contract/values';
import { type Formatters, humanize } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';
import { Timeline } from '../../ui/timeline';
import { TRACKING_STATUS_LABELS, type TrackingStatus } from './tracking-filters';

export interface TimelineEvent {
  occurredAt: string | null;
  status: string | null;
  description: string | null;
  location: string | null;
}

/** A fulfillment's `tracking_events` ("any" in the spec: a list of {occurred_at, status, …}). */
export function timelineFromOpen(events: unknown): TimelineEvent[] {
  return openJson.objects(events).map((e) => ({
    occurredAt: openJson.text(e.occurred_at),
    status: humanize(openJson.text(e.status)),
    description: openJson.text(e.description),
    location: openJson.text(e.location),
  }));
}

/** A TrackingEvent in the timeline's words. */
export function timelineFromScan(e: Api['TrackingEvent']): TimelineEvent {
  const status = e.svc_normalized_status;
  const dwell =
    typeof e.hub_dwell_minutes === 'number' ? `${e.hub_dwell_minutes} min at hub` : null;
  return {
    occurredAt: e.scan_timestamp,
    status: status ? (TRACKING_STATUS_LABELS[status as TrackingStatus] ?? status) : null,
    description:
      [e.exception_code && `exception ${e.exception_code}`, e.scan_status_code, dwell]
        .filter(Boolean)
        .join(' · ') || null,
    location: e.scan_location_code || null,
  };
}

export function TrackingTimeline({
  events,
  format,
}: {
  events: readonly TimelineEvent[];
  format: Formatters;
}) {
  const items = events
    .map((e, index) => ({ e, index, at: Date.parse(e.occurredAt ?? '') }))
    // Newest first; events without a time keep their place at the end.
    .sort((a, b) => (Number.isNaN(b.at) ? -1 : Number.isNaN(a.at) ? 1 : b.at - a.at))
    .map(({ e, index }) => ({
      key: index,
      title: e.status ?? 'Event',
      detail: e.description,
      at: e.occurredAt,
      aside: e.location,
    }));
  if (items.length === 0) return <p className="text-sm text-muted">No tracking events yet.</p>;
  return (
    <Timeline
      label="Tracking events"
      items={items}
      current="first"
      format={format}
      testId="tracking-event"
    />
  );
}
