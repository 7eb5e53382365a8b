/**
 * The frame every list view puts around its grid, below its filter bar: the read's failure
 * with a Retry, the notices above the rows (a streamed list's progress, a page's rejected
 * rows, a sort's status), the
 * grid, what an empty result says (with "Clear filters" when filters are set), a "Loading…"
 * line while there is no answer yet, a status line, and the pager. A view gives the slots it
 * has; the order and the conditions live here.
 */
import type { ComponentProps, ReactNode } from 'react';
import { EmptyResult } from './empty-result';
import { ListLoadError } from './list-load-error';
import { Pager, type PagerProps } from './pager';
import { StreamedListStatus, type StreamedListStatusProps } from './streamed-list-status';

/** The list's query, as TanStack Query answers it (only what the frame reads). */
export interface ListRead {
  data?: unknown;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isSuccess: boolean;
  /** A read is under way (the first, or a refresh of what is shown). */
  isFetching?: boolean;
  /** What is shown is the previous arguments' answer, kept while the new one loads. */
  isPlaceholderData?: boolean;
  refetch(): unknown;
}

export interface ListFrameProps extends Omit<ComponentProps<'section'>, 'children'> {
  /** The list region's name ("Stock levels list"); without it the slots stand in the page. */
  label?: string;
  /** The list's read: its failure, its empty answer and its wait are said from it. */
  read?: ListRead;
  /**
   * What could not be loaded: "The orders" (with a Retry); a streamed list's default is its
   * noun ("The shipments"). Without it the view says a failure its own way (the inventory
   * walk's status line).
   */
  what?: string;
  /** Above the grid: the page's notices, a sort's status, a count. */
  notices?: ReactNode;
  /**
   * A list that streams in (shipments, tracking events): its count and progress are said
   * above the grid (StreamedListStatus), from this and the read's state.
   */
  streamed?: Pick<StreamedListStatusProps, 'list' | 'noun' | 'shown' | 'onStop' | 'onResume'>;
  /** The grid (a DataTable, or a view's own). */
  children: ReactNode;
  /** Rows on screen: with none once the read succeeded, the empty result is shown. */
  rowCount?: number;
  /** The filters set now, and how to clear them, for the empty result (EmptyResult). */
  filterCount?: number;
  onClearFilters?(): void;
  /** The rows in the empty result, plural; default the pager's noun. */
  emptyNoun?: string;
  /** "Loading orders…", while the read has no answer yet (and `waiting` is not false). */
  loading?: string;
  waiting?: boolean;
  /** Below the grid: a summary line. */
  footer?: ReactNode;
  pager?: PagerProps;
}

export function ListFrame({
  label,
  read,
  what,
  notices,
  streamed,
  children,
  rowCount,
  filterCount = 0,
  onClearFilters,
  emptyNoun,
  loading,
  waiting = true,
  footer,
  pager,
  ...region
}: ListFrameProps) {
  const failed = what ?? (streamed ? `The ${streamed.noun.many}` : undefined);
  const slots = (
    <>
      {failed && read?.isError && (
        <ListLoadError what={failed} error={read.error} onRetry={() => void read.refetch()} />
      )}
      {streamed && read && (
        <StreamedListStatus
          {...streamed}
          pending={read.isPending || read.isPlaceholderData === true}
          fetching={read.isFetching === true}
          broken={read.isError}
        />
      )}
      {notices}
      {children}
      {onClearFilters && read?.isSuccess && rowCount === 0 && (
        <EmptyResult
          noun={emptyNoun ?? pager?.noun ?? ''}
          filterCount={filterCount}
          onClear={onClearFilters}
        />
      )}
      {loading && waiting && read && !read.data && read.isPending && (
        <p className="text-sm text-muted">{loading}</p>
      )}
      {footer}
      {pager && <Pager {...pager} />}
    </>
  );
  if (label === undefined) return slots;
  return (
    <section aria-label={label} className="flex flex-col gap-gap" {...region}>
      {slots}
    </section>
  );
}

/** A list's summary line below its grid ("3 recalled batches held…"), found by its test id. */
export function ListSummary({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="text-sm text-muted" data-testid={testId}>
      {children}
    </p>
  );
}
