/**
 * The returns of one page as a native table (headers announce with each cell). One row at a
 * time is "active": it holds the Tab stop, j/k move it, Enter or a double click opens the
 * return; the RMA number is also a plain link. Pages are at most 500 rows: no virtualizing.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import type { Formatters } from '../../features/format/formatters';
import { ResolutionBadge, ReturnStatusBadge } from '../../features/returns/return-badges';
import { REASON_LABELS, type ReturnReason } from '../../features/returns/return-filters';
import { cn } from '../../ui/cn';
import { asText, describeJson } from '../order-detail/order-values';

export function ReturnsTable({
  returns,
  activeIndex,
  onActiveIndexChange,
  focusToken,
  onOpen,
  busy,
  format,
}: {
  returns: readonly Api['ReturnRequest'][];
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  /** Bumped when the keyboard moved the active row: focus it. */
  focusToken: number;
  onOpen(id: number): void;
  busy: boolean;
  format: Formatters;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a keyboard move focuses
  useEffect(() => {
    if (focusToken === 0) return;
    bodyRef.current?.querySelector<HTMLElement>(`tr[data-row="${activeIndex}"]`)?.focus();
  }, [focusToken]);
  return (
    <div
      className="max-h-[68vh] overflow-auto rounded-md border border-line bg-surface"
      aria-busy={busy || undefined}
    >
      <table
        aria-label="Returns"
        className="w-full border-collapse text-sm"
        data-testid="returns-grid"
      >
        <thead className="sticky top-0 z-10 bg-raised text-left">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              RMA
            </th>
            <th scope="col" className="px-2 py-1.5">
              Status
            </th>
            <th scope="col" className="px-2 py-1.5">
              Resolution
            </th>
            <th scope="col" className="px-2 py-1.5">
              Customer
            </th>
            <th scope="col" className="px-2 py-1.5">
              Order
            </th>
            <th scope="col" className="px-2 py-1.5">
              Reason
            </th>
            <th scope="col" className="px-2 py-1.5">
              Channel
            </th>
            <th scope="col" className="px-2 py-1.5">
              Country
            </th>
            <th scope="col" className="px-2 py-1.5">
              Carrier
            </th>
            <th scope="col" className="px-2 py-1.5 text-right">
              Value
            </th>
            <th scope="col" className="px-2 py-1.5">
              Requested
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {returns.map((r, index) => {
            const active = index === activeIndex;
            const reason = asText(r.reason);
            return (
              <tr
                key={r.id}
                data-row={index}
                data-return-id={r.id}
                data-active={active || undefined}
                tabIndex={active ? 0 : -1}
                onFocus={() => active || onActiveIndexChange(index)}
                onClick={() => onActiveIndexChange(index)}
                onDoubleClick={() => onOpen(r.id)}
                className={cn(
                  'border-t border-line outline-none',
                  active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
                  'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
                )}
              >
                <td className="px-2 py-1.5 whitespace-nowrap">
                  <Link href={`/returns/${r.id}`} className="underline" tabIndex={-1}>
                    {asText(r.rma_number) ?? `#${r.id}`}
                  </Link>
                </td>
                <td className="px-2 py-1.5">
                  <ReturnStatusBadge status={r.status} />
                </td>
                <td className="px-2 py-1.5">
                  <ResolutionBadge resolution={r.resolution} />
                </td>
                <td className="px-2 py-1.5">{asText(r.customer_name) ?? '—'}</td>
                <td className="px-2 py-1.5">{describeJson(r.order_name) ?? '—'}</td>
                <td className="px-2 py-1.5">
                  {reason ? (REASON_LABELS[reason as ReturnReason] ?? reason) : '—'}
                </td>
                <td className="px-2 py-1.5">{asText(r.channel) ?? '—'}</td>
                <td className="px-2 py-1.5">{asText(r.country) ?? '—'}</td>
                <td className="px-2 py-1.5">{asText(r.carrier) ?? '—'}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {format.money(r.total_value, r.currency)}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{format.date(r.requested_at)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
