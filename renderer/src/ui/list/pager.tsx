/**
 * Server-side paging for a list the API counts (orders, returns, stock levels): "Orders
 * 51–100 of 1,284", first/previous/next/last, a page number to jump to, and the page size.
 * The count is the API's own; while it is not known (the next page is loading) the sentence
 * says so instead of guessing.
 */
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useState } from 'react';
import { MAX_PAGE } from '../../../../shared/contract/arg-schemas';
import { Button } from '../button';
import { useFormatters } from '../format/use-formatters';
import { Input } from '../input';
import { LabelledControl } from './labelled-control';

const TOO_FAR = `Pages after ${MAX_PAGE.toLocaleString('en-US')} cannot be opened: narrow the filters to reach those rows.`;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** The pager's sentence: "Returns 51–100 of 200" (the end-to-end suites read it). */
export function rangeText(
  noun: string,
  page: number,
  pageSize: number,
  total: number | undefined,
  n: (v: number) => string,
): string {
  if (total === undefined) return `Counting ${noun}…`;
  // The list itself says why it is empty (EmptyResult): the pager only counts.
  if (total === 0) return `0 ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${capitalised(noun)} ${n(first)}–${n(last)} of ${n(total)}`;
}

/**
 * The page number, back to 1 whenever `resetKey` changes (a new filter or page size: the old
 * page may not exist any more). Derived while rendering, so the query never asks for the old
 * page under the new filter.
 */
export function usePageNumber(resetKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  return [page, (next: number) => setState({ key: resetKey, page: next })];
}

export interface PagerProps {
  /** What the rows are, plural and lower case: "orders", "stock rows". */
  noun: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** The API's count; undefined while it is not known. */
  total: number | undefined;
  onPage(page: number): void;
  onPageSize(size: number): void;
  /** Test ids of the range sentence and of the page count (the end-to-end suites read them). */
  testIds: { range: string; pages: string };
}

/** The page sizes a paged list offers, up to the API's maximum page size (500). */
export const PAGE_SIZES = [25, 50, 100, 250, 500] as const;
/** The API's default page size (and the sandbox's). */
export const DEFAULT_PAGE_SIZE = 50;

/** What a list view fixes about its pager: the rows' noun, its page sizes and its test ids. */
export type PagerSettings = Pick<PagerProps, 'noun' | 'pageSizes' | 'testIds'>;

/** A list's pager; its range sentence and page count are `<testId>-range` and `<testId>-pages`. */
export function pagerSettings(
  noun: string,
  testId: string,
  pageSizes: readonly number[] = PAGE_SIZES,
): PagerSettings {
  return { noun, pageSizes, testIds: { range: `${testId}-range`, pages: `${testId}-pages` } };
}

export function Pager({
  noun,
  page,
  pageSize,
  pageSizes,
  total,
  onPage,
  onPageSize,
  testIds,
}: PagerProps) {
  const format = useFormatters();
  const pages = total === undefined ? page : pageCount(total, pageSize);
  // A count of billions (a server's odd answer, or a huge account) has pages no request may
  // ask for: the buttons stop at the last one that can be asked, and say why.
  const reachable = Math.min(pages, MAX_PAGE);
  const bounded = reachable < pages;
  // What is typed in the page box, until it is submitted; the page shown otherwise.
  const [typed, setTyped] = useState<{ page: number; text: string } | null>(null);
  // The page shown with digit grouping ("1,234,567"), as every count is.
  const text = typed !== null && typed.page === page ? typed.text : format.number(page);

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" data-testid={testIds.range}>
        {rangeText(noun, page, pageSize, total, format.number)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <LabelledControl label="Per page" labelClass="text-muted">
          {(id) => (
            <select
              id={id}
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
          )}
        </LabelledControl>
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
            setTyped(null);
            // Grouping typed or shown ("1,234,567", "1 234 567") is not part of the number.
            const n = Number.parseInt(text.replace(/\D/g, ''), 10);
            if (Number.isFinite(n)) onPage(Math.min(reachable, Math.max(1, n)));
          }}
        >
          <LabelledControl label="Page" labelClass="text-muted">
            {(id) => (
              <Input
                id={id}
                inputMode="numeric"
                // Wide enough for seven digits and their grouping.
                className="w-28 text-center tabular-nums"
                value={text}
                onChange={(e) => setTyped({ page, text: e.target.value })}
              />
            )}
          </LabelledControl>
          <span className="text-muted" data-testid={testIds.pages}>
            of {format.number(pages)}
          </span>
        </form>
        <Button
          aria-label="Next page"
          disabled={page >= reachable}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <Button
          aria-label={bounded ? 'Last page that can be opened' : 'Last page'}
          title={bounded ? TOO_FAR : undefined}
          disabled={page >= reachable}
          onClick={() => onPage(reachable)}
        >
          <ChevronsRight aria-hidden className="size-4" />
        </Button>
        {bounded && (
          <span className="w-full text-right text-xs text-muted" data-testid="pager-bound">
            {TOO_FAR}
          </span>
        )}
      </div>
    </nav>
  );
}
