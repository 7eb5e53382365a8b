/**
 * A parcel's tracking events as a timeline, newest first (what a person asks first is "where
 * is it now"). Events are "any" in the spec: each is read field by field and shown even when
 * parts are missing.
 */
import type { Formatters } from '../../../ui/format/formatters';
import { asRecords, asText, humanize } from '../order-values';

export function TrackingTimeline({ events, format }: { events: unknown; format: Formatters }) {
  const list = asRecords(events)
    .map((e, index) => ({ e, index, at: Date.parse(asText(e.occurred_at) ?? '') }))
    // Newest first; events without a time keep their place at the end.
    .sort((a, b) => (Number.isNaN(b.at) ? -1 : Number.isNaN(a.at) ? 1 : b.at - a.at));
  if (list.length === 0) return <p className="text-sm text-muted">No tracking events yet.</p>;
  return (
    <ol aria-label="Tracking events" className="relative ml-2 border-l border-line pl-4">
      {list.map(({ e, index }, position) => (
        <li key={index} className="relative pb-2 last:pb-0" data-testid="tracking-event">
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ${
              position === 0 ? 'bg-accent' : 'bg-line'
            }`}
          />
          <p className="text-sm">
            <span className="font-medium">{humanize(e.status) ?? 'Event'}</span>
            {asText(e.description) ? ` — ${asText(e.description)}` : ''}
          </p>
          <p className="text-xs text-muted">
            <time dateTime={asText(e.occurred_at) ?? undefined}>
              {format.dateTime(asText(e.occurred_at))}
            </time>
            {asText(e.location) ? ` · ${asText(e.location)}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
