/**
 * Server-side paging: "Orders 51–100 of 1,284", previous/next, first/last, a page number to
 * jump to, and the page size (the API takes at most 500). The count is the API's own.
 */
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import { PAGE_SIZES } from '../../features/orders/view-settings';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function Pager({
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
  const pageId = useId();
  const pages = total === undefined ? page : pageCount(total, pageSize);
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = total === undefined ? page * pageSize : Math.min(total, page * pageSize);

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" data-testid="orders-range">
        {total === undefined
          ? 'Counting orders…'
          : total === 0
            ? 'No orders match.'
            : `Orders ${format.number(first)}–${format.number(last)} of ${format.number(total)}`}
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
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number.parseInt(typed, 10);
            if (Number.isFinite(n)) onPage(Math.min(pages, Math.max(1, n)));
          }}
        >
          <label htmlFor={pageId} className="text-muted">
            Page
          </label>
          <Input
            id={pageId}
            inputMode="numeric"
            className="w-16 text-center"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <span className="text-muted" data-testid="orders-pages">
            of {format.number(pages)}
          </span>
        </form>
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
