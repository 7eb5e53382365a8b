/**
 * The Returns worklist: every filter of the API (kept across restarts in the settings file),
 * the page of returns with status and resolution badges, the API's count and paging, and the
 * filter exported to CSV with progress and Cancel. Read-only, as the API is: a return's
 * status cannot be changed through it, so no action here pretends to.
 */
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ExportOutcome } from '../../features/export/export-outcome';
import { useCsvExport } from '../../features/export/use-csv-export';
import { PAGE_SIZES } from '../../features/orders/view-settings';
import {
  RETURN_COLUMNS,
  type ReturnRow,
  returnRowData,
  returnRowId,
} from '../../features/returns/return-columns';
import {
  type ReturnViewFilters,
  returnFiltersKey,
  toReturnBridgeFilters,
} from '../../features/returns/return-filters';
import {
  readReturnsViewSettings,
  writeReturnsViewSettings,
} from '../../features/returns/returns-view-settings';
import { useChannelSuggestions, useReturnsPage } from '../../features/returns/use-returns-queries';
import { useSavedViewState } from '../../features/returns/use-saved-view-state';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { CsvExportDialog } from '../../ui/list/csv-export-dialog';
import { DataTable } from '../../ui/list/data-table';
import { ListLoadError } from '../../ui/list/list-load-error';
import { Pager, usePageNumber } from '../../ui/list/pager';
import { useListCursor } from '../../ui/list/use-list-cursor';
import { useListShortcuts } from '../../ui/list/use-list-shortcuts';
import { useSeenValues } from '../../ui/list/use-seen-values';
import { BulkProgress } from '../orders/bulk-progress';
import { ViewPage } from '../view-page';
import { ReturnsFilterBar } from './returns-filter-bar';

const NONE: readonly ReturnRow[] = [];

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
  const key = `${returnFiltersKey(filters)}|${pageSize}`;
  const [page, setPage] = usePageNumber(key);
  const setFilters = (next: ReturnViewFilters) => saved.update({ filters: next, pageSize });

  const query = useReturnsPage({ filters, page, pageSize }, saved.loaded);
  const returns = query.data?.results ?? NONE;
  const total = query.isPlaceholderData ? undefined : query.data?.count;
  const channels = useChannelSuggestions(saved.loaded);
  // Carriers seen so far this session: the API has no list of them.
  const carriers = useSeenValues(returns.map((r) => r.carrier));

  const cursor = useListCursor(returns.length, `${key}|${page}`);
  const open = (r: ReturnRow) => navigate(`/returns/${r.id}`);
  useListShortcuts({ group: 'Returns', cursor, rows: returns, open });
  const meta = useMemo(() => ({ format }), [format]);

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
        <ListLoadError
          what="The returns"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <DataTable
        label="Returns"
        testId="returns-grid"
        columns={RETURN_COLUMNS}
        rows={returns}
        rowId={returnRowId}
        rowData={returnRowData}
        cursor={cursor}
        onOpen={open}
        busy={query.isFetching}
        meta={meta}
      />
      {query.isSuccess && returns.length === 0 && (
        <p className="text-sm text-muted">No returns match these filters.</p>
      )}
      {!query.data && query.isPending && saved.loaded && (
        <p className="text-sm text-muted">Loading returns…</p>
      )}
      <Pager
        noun="returns"
        pageSizes={PAGE_SIZES}
        testIds={{ range: 'returns-range', pages: 'returns-page' }}
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
