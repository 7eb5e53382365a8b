/**
 * Server-side paging over a list the API counts (stock levels, the returns worklist):
 * "Returns 51–100 of 200", previous/next, first/last and the page size. The Orders view has
 * its own pager (it also takes a typed page number).
 */
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { useFormatters } from '../features/format/use-formatters';
import { Button } from './button';

/** What the rows are called: "Stock rows" / "stock rows", "Returns" / "returns". */
export interface PagerNoun {
  capital: string;
  lower: string;
}

/** The pager's sentence (the e2e suites expect it with en-US digits). */
export function countRangeText(
  noun: PagerNoun,
  page: number,
  pageSize: number,
  total: number | undefined,
  n: (v: number) => string,
): string {
  if (total === undefined) return `Counting ${noun.lower}…`;
  if (total === 0) return `No ${noun.lower} match.`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${noun.capital} ${n(first)}–${n(last)} of ${n(total)}`;
}

export function CountPager({
  noun,
  page,
  pageSize,
  pageSizes,
  total,
  onPage,
  onPageSize,
  testIds,
}: {
  noun: PagerNoun;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number | undefined;
  onPage(page: number): void;
  onPageSize(size: number): void;
  /** The range sentence's and the page number's test ids (the e2e suites read them). */
  testIds: { range: string; page: string };
}) {
  const format = useFormatters();
  const sizeId = useId();
  const pages = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" data-testid={testIds.range}>
        {countRangeText(noun, page, pageSize, total, format.number)}
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
          {pageSizes.map((size) => (
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
        <span className="px-1 text-muted" data-testid={testIds.page}>
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
