/**
 * The Returns worklist: every filter of the API (kept across restarts in the settings file),
 * the page of returns with status and resolution badges, the API's count and paging, and the
 * filter exported to CSV with progress and Cancel. Read-only, as the API is: a return's
 * status cannot be changed through it, so no action here pretends to.
 */
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { CsvExportDialog } from '../../features/export/export-dialog';
import { ExportOutcome } from '../../features/export/export-outcome';
import { useCsvExport } from '../../features/export/use-csv-export';
import { useFormatters } from '../../features/format/use-formatters';
import { PAGE_SIZES } from '../../features/orders/view-settings';
import {
  type ReturnViewFilters,
  returnFiltersKey,
  toReturnBridgeFilters,
} from '../../features/returns/return-filters';
import {
  readReturnsViewSettings,
  writeReturnsViewSettings,
} from '../../features/returns/returns-view-settings';
import { useListShortcuts } from '../../features/returns/use-list-shortcuts';
import { useChannelSuggestions, useReturnsPage } from '../../features/returns/use-returns-queries';
import { useSavedViewState } from '../../features/returns/use-saved-view-state';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { CountPager } from '../../ui/count-pager';
import { BulkProgress } from '../orders/bulk-progress';
import { ViewPage } from '../view-page';
import { ReturnsFilterBar } from './returns-filter-bar';
import { ReturnsTable } from './returns-table';

const RETURNS = { capital: 'Returns', lower: 'returns' };

export function ReturnsView() {
  const [, navigate] = useLocation();
  const client = useBridge();
  const format = useFormatters();
  const saved = useSavedViewState(
    'returns',
    'Returns',
    readReturnsViewSettings,
    writeReturnsViewSettings,
  );
  const { filters, pageSize } = saved.value;
  const key = returnFiltersKey(filters);
  const [page, setPage] = useState(1);
  // A new filter or page size starts again at page 1 (the old page may not exist any more).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and size stand for the query
  useEffect(() => setPage(1), [key, pageSize]);
  const setFilters = (next: ReturnViewFilters) => saved.update({ filters: next, pageSize });

  const query = useReturnsPage({ filters, page, pageSize }, saved.loaded);
  const returns = useMemo(() => query.data?.results ?? [], [query.data]);
  const total = query.isPlaceholderData ? undefined : query.data?.count;
  const channels = useChannelSuggestions(saved.loaded);
  const [carriers, setCarriers] = useState<string[]>([]);
  useEffect(() => {
    // Carriers seen so far this session: the API has no list of them.
    const seen = returns.map((r) => r.carrier ?? '').filter((c) => c !== '');
    setCarriers((before) =>
      seen.every((c) => before.includes(c)) ? before : [...new Set([...before, ...seen])].sort(),
    );
  }, [returns]);

  const [activeIndex, setActiveIndex] = useState(0);
  const [focusToken, setFocusToken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its first row
  useEffect(() => setActiveIndex(0), [key, page, pageSize]);
  const open = (id: number) => navigate(`/returns/${id}`);
  useListShortcuts({
    group: 'Returns',
    rowCount: returns.length,
    activeIndex,
    move: (i) => {
      setActiveIndex(i);
      setFocusToken((t) => t + 1);
    },
    open: (i) => returns[i] && open(returns[i].id),
  });

  const csv = useCsvExport();
  const [exportOpen, setExportOpen] = useState(false);
  const exportCsv = (destination: string | undefined) =>
    void csv.run('Exporting returns to CSV', (operationId) =>
      callBridge(client, 'returnsExport', {
        filters: toReturnBridgeFilters(filters),
        ...(destination ? { destination } : {}),
        operationId,
      }),
    );

  return (
    <ViewPage
      title="Returns"
      actions={
        <Button onClick={() => setExportOpen(true)} disabled={csv.running !== null}>
          <Download aria-hidden className="size-4" />
          Export CSV…
        </Button>
      }
    >
      <ReturnsFilterBar
        filters={filters}
        onChange={setFilters}
        carriers={carriers}
        channels={channels}
      />
      {csv.running && <BulkProgress work={csv.running} onCancel={csv.cancel} />}
      {csv.result && <ExportOutcome result={csv.result} onDismiss={csv.dismiss} />}
      {query.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
        >
          <span>The returns could not be loaded: {errorMessage(query.error)}</span>
          <Button className="ml-auto" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      <ReturnsTable
        returns={returns}
        activeIndex={activeIndex}
        onActiveIndexChange={setActiveIndex}
        focusToken={focusToken}
        onOpen={open}
        busy={query.isFetching}
        format={format}
      />
      {query.isSuccess && returns.length === 0 && (
        <p className="text-sm text-muted">No returns match these filters.</p>
      )}
      {!query.data && query.isPending && saved.loaded && (
        <p className="text-sm text-muted">Loading returns…</p>
      )}
      <CountPager
        noun={RETURNS}
        pageSizes={PAGE_SIZES}
        testIds={{ range: 'returns-range', page: 'returns-page' }}
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={setPage}
        onPageSize={(size) => saved.update({ filters, pageSize: size })}
      />
      <CsvExportDialog
        open={exportOpen}
        onOpenChange={setExportOpen}
        noun="returns"
        matching={total}
        onExport={exportCsv}
      />
    </ViewPage>
  );
}
