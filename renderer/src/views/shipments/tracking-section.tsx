/**
 * The tracking events of the shipment's packages (trackingEventsList filtered by shipment), one
 * timeline per package, drawn as the order detail draws its parcels' tracking
 * (features/tracking/tracking-timeline.tsx).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { Api } from '../../../../shared/contract/values';
import { TrackingTimeline, timelineFromScan } from '../../features/tracking/tracking-timeline';
import { errorMessage } from '../../query/bridge-call';
import { Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';

export function TrackingSection({
  packages,
  events,
  format,
}: {
  packages: readonly Api['Package'][];
  events: UseQueryResult<Api['TrackingEvent'][]>;
  format: Formatters;
}) {
  const all = events.data ?? [];
  // Packages of the shipment first, in their order; events of a package not listed still show.
  const ids = packages.map((p) => p.id);
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
          {ids.map((id) => {
            const mine = all.filter((e) => e.package === id);
            const code = mine[0]?.package_tracking_code;
            return (
              <section key={id} aria-label={`Package ${id}`}>
                <h3 className="mb-1 text-sm font-semibold">
                  Package #{id}
                  {code ? (
                    <span className="font-mono font-normal text-muted"> · {code}</span>
                  ) : null}
                </h3>
                <TrackingTimeline events={mine.map(timelineFromScan)} format={format} />
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}
