import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import { useSettings } from '../../features/preferences/use-settings';
import { type ReturnRow, returnRowData, returnRowId } from '../../features/returns/return-columns';
import {
  activeReturnFilterCount,
  type ReturnViewFilters,
  returnFiltersKey,
  toReturnBridgeFilters,
} from '../../features/returns/return-filters';
import {
  RETURNS_PAGER,
  readReturnsViewSettings,
  writeReturnsViewSettings,
} from '../../features/returns/returns-view-settings';
import { useReturnReviews } from '../../features/returns/use-return-reviews';
import { useChannelSuggestions } from '../../features/returns/use-returns-queries';
import { useSavedViewState } from '../../features/returns/use-saved-view-state';
import { useWorklistPage } from '../../features/returns/use-worklist';
import { useWorklistPosition } from '../../features/returns/use-worklist-position';
import { WORKLIST_COLUMNS } from '../../features/returns/worklist-columns';
import { exactReturnIndex } from '../../features/returns/worklist-search';
import { knownCount, useBridgePrefetch } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';
import { DataTable } from '../../ui/list/data-table';
import { ListFrame } from '../../ui/list/list-frame';
import { PageNotices } from '../../ui/list/page-notices';
import { NO_ROWS, useListView } from '../../ui/list/use-list-view';
import { usePaging } from '../../ui/list/use-paging';
import { useSeenValues } from '../../ui/list/use-seen-values';
import { ViewPage } from '../view-page';
import { RETURN_FRESH_MS, ReturnPane } from './return-pane';
import { EVERYTHING, ReturnsFilterBar } from './returns-filter-bar';

const RETURNS_GRID = { columns: WORKLIST_COLUMNS, rowId: returnRowId, rowData: returnRowData };

export function ReturnsView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const reviews = useReturnReviews();
  const saved = useSavedViewState(
    'returns',
    'Returns',
    readReturnsViewSettings,
    writeReturnsViewSettings,
  );
  const { filters, pageSize } = saved.value;
  const key = `${returnFiltersKey(filters)}|${pageSize}`;
  const setFilters = (next: ReturnViewFilters) => saved.update({ filters: next, pageSize });
  const paging = usePaging(key, pageSize, (size) => saved.update({ filters, pageSize: size }));
  const { page, onPage: setPage } = paging;
  // Prefetching the next return is on unless the settings turn it off (a slow link, the bench).
  const prefetchOn = useSettings().data?.settings.views.returnsPrefetch !== false;

  const query = useWorklistPage({ filters, page, pageSize }, saved.loaded);
  const returns = query.data?.results ?? NO_ROWS;
  const total = knownCount(query);
  const channels = useChannelSuggestions(saved.loaded);
  // Carriers seen so far this session (the spec's are always offered).
  const carriers = useSeenValues(returns.map((r) => r.carrier));

  // Ages count to when this page of returns was read (a fixed clock in tests).
  const readAt = query.dataUpdatedAt || Date.now();
  const meta = useMemo(() => ({ format, reviews, now: readAt }), [format, reviews, readAt]);
  const list = useListView({
    group: 'Returns',
    rows: returns,
    resetKey: `${key}|${page}`,
    open: (r: ReturnRow) => navigate(`/returns/${r.id}`),
    openLabel: 'Open the return on its own page',
    meta,
  });
  const { cursor } = list;
  const active: ReturnRow | undefined = returns[cursor.activeIndex];

  // Where the clerk was: the page and the return, for the filters it was taken under.
  const position = useWorklistPosition();
  const restore = useRef<'page' | 'row' | 'done'>('page');
  useEffect(() => {
    if (restore.current !== 'page' || position.saved === undefined || !saved.loaded) return;
    const at = position.saved;
    restore.current = at && at.key === key ? 'row' : 'done';
    if (at && at.key === key && at.page !== page) setPage(at.page);
  }, [position.saved, saved.loaded, key, page, setPage]);
  useEffect(() => {
    if (restore.current !== 'row' || query.isPlaceholderData || returns.length === 0) return;
    restore.current = 'done';
    const index = returns.findIndex((r) => r.id === position.saved?.returnId);
    if (index > 0) cursor.moveTo(index);
  }, [returns, query.isPlaceholderData, position.saved, cursor]);
  useEffect(() => {
    if (active && restore.current === 'done') {
      position.remember({ key, page, returnId: active.id });
    }
  }, [active, key, page, position]);

  // An exact RMA, order or return tracking number in the search opens that return.
  const searched = useRef('');
  useEffect(() => {
    if (filters.q === '' || query.isPlaceholderData || searched.current === key) return;
    searched.current = key;
    const index = exactReturnIndex(returns, filters.q);
    if (index >= 0) cursor.moveTo(index);
  }, [filters.q, key, returns, query.isPlaceholderData, cursor]);

  // The next return's fresh copy, while this one is read.
  const prefetch = useBridgePrefetch();
  const next = returns[cursor.activeIndex + 1];
  useEffect(() => {
    if (prefetchOn && next)
      void prefetch('returnsGet', { id: next.id }, { staleTime: RETURN_FRESH_MS });
  }, [prefetchOn, next, prefetch]);

  const csv = useCsvExportFlow({
    noun: 'returns',
    matching: total,
    // Nothing to export is said, not written as a file holding a header only.
    unavailable: total === 0 ? 'There are no returns to export with these filters.' : null,
    request: {
      method: 'returnsExport',
      args: { filters: toReturnBridgeFilters(filters), review: filters.review },
    },
  });

  return (
    <ViewPage title="Returns" fill actions={csv.trigger}>
      <ReturnsFilterBar
        filters={filters}
        onChange={setFilters}
        carriers={carriers}
        channels={channels}
      />
      {csv.status}
      <ListFrame
        read={query}
        what="The returns"
        notices={<PageNotices page={query.data} noun={['return', 'returns']} />}
        pager={{ ...RETURNS_PAGER, ...paging, total }}
      >
        <div
          className="grid min-h-0 flex-1 grid-cols-[minmax(21rem,2fr)_3fr] gap-pad"
          data-testid="returns-split"
        >
          <div className="flex min-h-0 flex-col gap-2">
            <ListFrame
              read={query}
              rowCount={returns.length}
              filterCount={activeReturnFilterCount(filters)}
              onClearFilters={() => setFilters({ ...EVERYTHING })}
              emptyNoun="returns"
              loading="Loading returns…"
              waiting={saved.loaded}
            >
              <DataTable
                label="Returns"
                testId="returns-grid"
                {...RETURNS_GRID}
                {...list}
                busy={query.isFetching}
                heightClass="min-h-0 flex-1"
              />
            </ListFrame>
          </div>
          {active ? (
            <ReturnPane
              key={active.id}
              row={active}
              review={reviews.get(active.id)}
              onReviewDone={() => cursor.moveTo(cursor.activeIndex)}
            />
          ) : (
            <p className="self-start rounded-md border border-dashed border-line p-pad text-sm text-muted">
              {query.isPending ? 'Loading…' : 'Choose a return on the left to read it here.'}
            </p>
          )}
        </div>
      </ListFrame>
    </ViewPage>
  );
}
