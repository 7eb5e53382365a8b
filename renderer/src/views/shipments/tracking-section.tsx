/**
 * The tracking events of the shipment's packages (trackingEventsList filtered by shipment), one
 * timeline per package. The timeline itself is the order detail's (TrackingTimeline): each
 * TrackingEvent is mapped onto the fields it reads (occurred_at, status, description,
 * location), so both pages draw tracking the same way.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { Api } from '../../../../shared/contract/values';
import { errorMessage } from '../../query/bridge-call';
import { Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';
import { asRecord, asRecords, asText } from '../order-detail/order-values';
import { TrackingTimeline } from '../order-detail/sections/tracking-timeline';

export const NORMALIZED_STATUS: Record<string, string> = {
  LABEL: 'Label created',
  TENDER: 'Tendered to carrier',
  PICKED_UP: 'Picked up',
  HUB: 'At hub',
  OUT: 'Out for delivery',
  DEL: 'Delivered',
  EXC: 'Exception',
  RTS: 'Returned to sender',
};

/** A TrackingEvent in the timeline's words. */
export function timelineEvent(event: unknown): Record<string, unknown> {
  const e = asRecord(event) ?? {};
  const status = asText(e.svc_normalized_status);
  const dwell =
    typeof e.hub_dwell_minutes === 'number' ? `${e.hub_dwell_minutes} min at hub` : null;
  const exception = asText(e.exception_code);
  return {
    occurred_at: e.scan_timestamp,
    status: status ? (NORMALIZED_STATUS[status] ?? status) : null,
    description:
      [exception && `exception ${exception}`, asText(e.scan_status_code), dwell]
        .filter(Boolean)
        .join(' · ') || null,
    location: e.scan_location_code,
  };
}

export function TrackingSection({
  packages,
  events,
  format,
}: {
  packages: unknown;
  events: UseQueryResult<Api['TrackingEvent'][]>;
  format: Formatters;
}) {
  const all = asRecords(events.data);
  // Packages of the shipment first, in their order; events of a package not listed still show.
  const ids = asRecords(packages).map((p) => p.id);
  for (const e of all) if (!ids.includes(e.package)) ids.push(e.package);
  return (
    <Card title="Tracking" className="lg:col-span-2">
      {events.isError ? (
        <p role="alert" className="text-sm text-danger">
          The tracking events could not be loaded: {errorMessage(events.error)}
        </p>
      ) : events.isPending ? (
        <p className="text-sm text-muted">Loading tracking events…</p>
      ) : ids.length === 0 ? (
        <p className="text-sm text-muted">No tracking events yet.</p>
      ) : (
        <div className="grid gap-pad md:grid-cols-2">
          {ids.map((id, i) => {
            const mine = all.filter((e) => e.package === id);
            const code = asText(mine[0]?.package_tracking_code);
            return (
              <section key={asText(id) ?? `p${i}`} aria-label={`Package ${asText(id) ?? i + 1}`}>
                <h3 className="mb-1 text-sm font-semibold">
                  Package #{asText(id) ?? '—'}
                  {code ? (
                    <span className="font-mono font-normal text-muted"> · {code}</span>
                  ) : null}
                </h3>
                <TrackingTimeline events={mine.map(timelineEvent)} format={format} />
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}
