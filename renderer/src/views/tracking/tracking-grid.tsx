/**
 * Tracking events as a native table (headers announce with each cell). The API answers the
 * whole list at once (thousands of scans), so only the rows in view are rendered (TanStack
 * Virtual) with spacer rows above and below, which keeps the table's semantics. One row is
 * "active": it holds the Tab stop, j/k move it, Enter or a double click opens the event.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import type { Formatters } from '../../features/format/formatters';
import { dwellText, eventCarrier } from '../../features/tracking/tracking-event-values';
import { TrackingStatusBadge } from '../../features/tracking/tracking-status-badge';
import { cn } from '../../ui/cn';
import { asText } from '../order-detail/order-values';

const ROW_HEIGHT = 35;
const COLUMNS = 8;

export function TrackingGrid({
  events,
  activeIndex,
  onActiveIndexChange,
  focusToken,
  onOpen,
  busy,
  format,
}: {
  events: readonly Api['TrackingEvent'][];
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  focusToken: number;
  onOpen(id: number): void;
  busy: boolean;
  format: Formatters;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a keyboard move scrolls
  useEffect(() => {
    if (focusToken === 0) return;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    // The row may only exist once the virtualizer has rendered it: focus on the next frame.
    const frame = requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector<HTMLElement>(`tr[data-row="${activeIndex}"]`)
        ?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusToken]);

  const items = virtualizer.getVirtualItems();
  // jsdom (tests) measures nothing: fall back to the first rows so something is shown.
  const shown =
    items.length > 0 || events.length === 0
      ? items.map((i) => i.index)
      : events.slice(0, 50).map((_, i) => i);
  const padTop = items[0]?.start ?? 0;
  const padBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      className="max-h-[64vh] overflow-auto rounded-md border border-line bg-surface"
      aria-busy={busy || undefined}
    >
      <table
        aria-label="Tracking events"
        aria-rowcount={events.length + 1}
        className="w-full border-collapse text-sm"
        data-testid="tracking-grid"
      >
        <thead className="sticky top-0 z-10 bg-raised text-left">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-2 py-1.5">
              Scanned
            </th>
            <th scope="col" className="px-2 py-1.5">
              Status
            </th>
            <th scope="col" className="px-2 py-1.5">
              Tracking code
            </th>
            <th scope="col" className="px-2 py-1.5">
              Carrier
            </th>
            <th scope="col" className="px-2 py-1.5">
              Location
            </th>
            <th scope="col" className="px-2 py-1.5">
              Carrier code
            </th>
            <th scope="col" className="px-2 py-1.5">
              Dwell
            </th>
            <th scope="col" className="px-2 py-1.5">
              Exception
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden style={{ height: padTop }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
          {shown.map((index) => {
            const e = events[index];
            if (!e) return null;
            const active = index === activeIndex;
            return (
              <tr
                key={e.id}
                data-row={index}
                data-index={index}
                data-event-id={e.id}
                data-active={active || undefined}
                aria-rowindex={index + 2}
                tabIndex={active ? 0 : -1}
                ref={virtualizer.measureElement}
                onFocus={() => active || onActiveIndexChange(index)}
                onClick={() => onActiveIndexChange(index)}
                onDoubleClick={() => onOpen(e.id)}
                className={cn(
                  'border-t border-line outline-none',
                  active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
                  'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
                )}
              >
                <td className="px-2 py-1.5 whitespace-nowrap">
                  <Link href={`/tracking/${e.id}`} className="underline" tabIndex={-1}>
                    {format.dateTime(e.scan_timestamp)}
                  </Link>
                </td>
                <td className="px-2 py-1.5">
                  <TrackingStatusBadge status={e.svc_normalized_status} />
                </td>
                <td className="px-2 py-1.5 font-mono text-xs">
                  {asText(e.package_tracking_code) ?? '—'}
                </td>
                <td className="px-2 py-1.5">{eventCarrier(e.scan_event) ?? '—'}</td>
                <td className="px-2 py-1.5">{asText(e.scan_location_code) ?? '—'}</td>
                <td className="px-2 py-1.5">{asText(e.scan_status_code) ?? '—'}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {dwellText(e.hub_dwell_minutes) ?? '—'}
                </td>
                <td className="px-2 py-1.5">{asText(e.exception_code) ?? '—'}</td>
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden style={{ height: padBottom }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
