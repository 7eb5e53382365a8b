/**
 * The stock levels grid: one row per product and location in a native <table> (headers are
 * announced with each cell). The numbers read left to right as the sum they are — on hand,
 * less committed, less reserved, equals available — with available set in bold and its
 * badges beside it, so a supervisor reads a row at a glance. At most one page (≤ 500 rows)
 * is shown, so no virtualization is needed. One row is "active": it holds the Tab stop, j/k
 * move it and Enter opens the product's stock (use-stock-shortcuts.ts).
 */
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useFormatters } from '../../features/format/use-formatters';
import { StockBadges } from '../../features/inventory/stock-badges';
import { type StockLevel, stockBadges } from '../../features/inventory/stock-facts';
import { withKeys } from '../../features/inventory/unique-keys';
import { cn } from '../../ui/cn';

/** A row's identity: the product at the location. */
export const rowKey = (row: StockLevel) => `${row.product_id}@${row.location?.id ?? '?'}`;

export interface StockGridProps {
  rows: readonly StockLevel[];
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  /** Bumped when the keyboard moved the active row: focus it. */
  focusToken: number;
  onOpen(row: StockLevel): void;
  busy: boolean;
}

const NUM = 'px-2 py-1.5 text-right tabular-nums';

export function StockGrid({
  rows,
  activeIndex,
  onActiveIndexChange,
  focusToken,
  onOpen,
  busy,
}: StockGridProps) {
  const format = useFormatters();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a keyboard move focuses
  useEffect(() => {
    if (focusToken === 0) return;
    bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`)?.focus();
  }, [focusToken]);

  return (
    <div
      className="max-h-[68vh] overflow-auto rounded-md border border-line bg-surface"
      aria-busy={busy || undefined}
    >
      <table
        aria-label="Stock levels"
        className="w-full border-collapse text-sm"
        data-testid="stock-grid"
      >
        <thead className="sticky top-0 z-10 bg-raised text-left">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Product
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Location
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              On hand
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              <span aria-hidden>− </span>Committed
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              <span aria-hidden>− </span>Reserved
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              <span aria-hidden>= </span>Available
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Reorder point
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Earliest expiry
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {withKeys(rows, rowKey).map(({ item: row, key }, index) => {
            const active = index === activeIndex;
            const badges = stockBadges(row);
            return (
              <tr
                key={key}
                data-index={index}
                data-stock-row={rowKey(row)}
                data-active={active || undefined}
                tabIndex={active ? 0 : -1}
                onFocus={() => active || onActiveIndexChange(index)}
                onClick={() => onActiveIndexChange(index)}
                onDoubleClick={() => onOpen(row)}
                className={cn(
                  'border-t border-line outline-none',
                  active && 'shadow-[inset_3px_0_0_var(--pb-accent)]',
                  'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
                )}
              >
                <td className="max-w-80 px-2 py-1.5">
                  <Link
                    href={`/inventory/${row.product_id}`}
                    className="font-medium text-accent underline-offset-2 hover:underline"
                    tabIndex={active ? 0 : -1}
                  >
                    {row.name || row.sku || `Product ${row.product_id}`}
                  </Link>
                  <div className="text-xs text-muted">
                    {row.sku}
                    {row.brand ? ` · ${row.brand}` : ''}
                    {row.is_kit ? ' · Kit' : ''}
                  </div>
                </td>
                <td className="px-2 py-1.5" title={row.location?.name}>
                  <span className="font-mono text-xs">{row.location?.code}</span>
                  <div className="text-xs text-muted">{row.location?.name}</div>
                </td>
                <td className={NUM}>{format.number(row.on_hand)}</td>
                <td className={NUM}>{format.number(row.committed)}</td>
                <td className={NUM}>{format.number(row.reserved)}</td>
                <td
                  className={cn(
                    NUM,
                    'text-base font-semibold',
                    row.available <= 0 && 'text-danger',
                  )}
                  data-field="available"
                >
                  {format.number(row.available)}
                </td>
                <td className="px-2 py-1.5">
                  <StockBadges badges={badges} />
                </td>
                <td className={NUM}>
                  {format.number(row.reorder_point)}
                  {row.reorder_point_source ? (
                    <div className="text-xs text-muted">{row.reorder_point_source}</div>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-2 py-1.5">
                  {format.date(row.earliest_expiry)}
                  {row.batch_count > 0 && (
                    <div className="text-xs text-muted">
                      {row.batch_count === 1
                        ? '1 batch'
                        : `${format.number(row.batch_count)} batches`}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
