/**
 * One line of the pack screen: the quantity large, the progress, SKU, name, picture and the
 * bins that hold it at the station's location. A line done is green; units confirmed by key
 * are marked as such, so a supervisor can tell a checked item from a trusted one. Compact
 * (an order of many lines, pack-lines.tsx): one row of text and a small picture, so 8 lines
 * fit a 1280x720 station; bins and counts stay at 15 px or more either way.
 */
import { Check, Hand } from 'lucide-react';
import type { LineCount, PackLine } from '../../features/packing/pack-model';
import { ProductPicture } from '../../features/packing/product-picture';
import type { LineInfo } from '../../features/packing/use-pack-products';
import { cn } from '../../ui/cn';

export function PackLineRow({
  line,
  count,
  info,
  problem,
  active,
  compact = false,
  onConfirm,
}: {
  line: PackLine;
  count: LineCount;
  info: LineInfo | undefined;
  problem: string | undefined;
  active: boolean;
  /** One row of text per line (many lines): see pack-lines.tsx. */
  compact?: boolean;
  onConfirm(): void;
}) {
  const done = count.scanned + count.byHand + (count.typed ?? 0);
  const malformed = line.problem !== null;
  const full = !malformed && done >= line.qty;
  const bins = info?.bins ?? [];
  return (
    <li
      aria-current={active || undefined}
      aria-label={
        malformed
          ? `${line.sku}: quantity cannot be read (${line.problem})`
          : `${line.qty} × ${line.sku}: ${done} of ${line.qty} verified`
      }
      data-testid="pack-line"
      data-sku={line.sku}
      data-done={full || undefined}
      data-malformed={malformed || undefined}
      className={cn(
        'flex items-center gap-3 rounded-md border px-3',
        compact ? 'py-1' : 'py-2',
        malformed
          ? 'border-2 border-danger bg-danger-soft'
          : full
            ? 'border-ok bg-ok-soft'
            : 'border-line bg-surface',
        active && 'ring-2 ring-accent',
      )}
    >
      <ProductPicture
        url={info?.image ?? ''}
        name={line.name}
        className={compact ? 'size-9' : 'size-16'}
      />
      <div
        className={cn(
          'shrink-0 text-center',
          compact ? 'flex w-28 items-baseline justify-center gap-2' : 'w-20',
        )}
      >
        <div
          className={cn('font-bold tabular-nums leading-none', compact ? 'text-2xl' : 'text-3xl')}
        >
          {malformed ? '?' : line.qty}
        </div>
        <div
          className={cn('text-[15px] tabular-nums text-muted', !compact && 'mt-1')}
          data-testid="pack-line-progress"
        >
          {malformed ? 'not counted' : `${done} of ${line.qty}`}
        </div>
      </div>
      <div className={cn('min-w-0 flex-1', compact && 'flex items-baseline gap-x-3')}>
        <div className="flex shrink-0 flex-wrap items-baseline gap-x-3">
          <span className="font-mono text-lg font-semibold">{line.sku || 'No SKU'}</span>
          {line.gtin && !compact && (
            <span className="font-mono text-sm text-muted">{line.gtin}</span>
          )}
        </div>
        <div className={cn('truncate text-base', compact && 'min-w-0 flex-1')} title={line.name}>
          {line.name}
        </div>
        {malformed && (
          <div className="text-base font-semibold" data-testid="pack-line-problem">
            Quantity cannot be read: the order gives {line.problem}
          </div>
        )}
        <div
          className={cn(
            'flex items-center gap-1.5 text-[15px]',
            compact ? 'shrink-0' : 'mt-0.5 flex-wrap',
          )}
        >
          {bins.length > 0 ? (
            <>
              <span className="text-muted">Bins:</span>
              {bins.slice(0, compact ? 2 : 4).map((bin) => (
                <span
                  key={bin.code}
                  className="rounded border border-line bg-raised px-1.5 font-mono"
                  title={`${bin.zone ? `Zone ${bin.zone}, ` : ''}${bin.available} available`}
                >
                  {bin.code}
                </span>
              ))}
            </>
          ) : (
            <span className="text-muted">
              {problem ?? (info ? 'Not in a bin at this location' : 'Looking up the bins…')}
            </span>
          )}
        </div>
      </div>
      <div
        className={cn(
          'flex shrink-0 items-end gap-1 text-sm',
          compact ? 'w-auto flex-row items-center gap-2' : 'w-40 flex-col',
        )}
      >
        {full && (
          <span className="inline-flex items-center gap-1 font-semibold text-ok">
            <Check aria-hidden className="size-5" /> Verified
          </span>
        )}
        {count.byHand > 0 && (
          <span
            className="inline-flex items-center gap-1 rounded bg-warn-soft px-1.5 text-fg"
            data-testid="by-hand"
          >
            <Hand aria-hidden className="size-4" /> {count.byHand} by hand
          </span>
        )}
        {(count.typed ?? 0) > 0 && (
          <span className="rounded bg-raised px-1.5 text-fg" data-testid="typed-count">
            {count.typed} by number typed
          </span>
        )}
        {!full && !malformed && (
          <button
            type="button"
            className="whitespace-nowrap rounded border border-line px-2 py-1 text-sm hover:bg-raised"
            onClick={onConfirm}
            title="Count one unit without scanning it (for an item with no barcode); marked as by hand"
          >
            {line.gtin ? 'Confirm by hand' : 'No barcode: confirm'}
          </button>
        )}
      </div>
    </li>
  );
}
