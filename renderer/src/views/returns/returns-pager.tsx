/**
 * Server-side paging for the worklist: "Returns 51–100 of 200" (the API's own count),
 * previous/next, first/last and the page size (the API takes at most 500).
 */
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import { PAGE_SIZES } from '../../features/orders/view-settings';
import { Button } from '../../ui/button';

export function returnsRangeText(
  page: number,
  pageSize: number,
  total: number | undefined,
  number: (n: number) => string,
): string {
  if (total === undefined) return 'Counting returns…';
  if (total === 0) return 'No returns match.';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Returns ${number(first)}–${number(last)} of ${number(total)}`;
}

export function ReturnsPager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage(page: number): void;
  onPageSize(size: number): void;
}) {
  const format = useFormatters();
  const sizeId = useId();
  const pages = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" data-testid="returns-range">
        {returnsRangeText(page, pageSize, total, format.number)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <label htmlFor={sizeId} className="text-muted">
          Per page
        </label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="h-control rounded-md border border-line bg-surface px-2"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button aria-label="First page" disabled={page <= 1} onClick={() => onPage(1)}>
          <ChevronsLeft aria-hidden className="size-4" />
        </Button>
        <Button aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <span className="px-1 text-muted" data-testid="returns-page">
          Page {format.number(page)} of {format.number(pages)}
        </span>
        <Button aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <Button aria-label="Last page" disabled={page >= pages} onClick={() => onPage(pages)}>
          <ChevronsRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
