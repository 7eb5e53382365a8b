/**
 * The bulk actions on the selection: select all matching (fetch-all through the bridge),
 * print labels, print documents, refresh tracking, export the filter to CSV. Each runs as
 * the view's one bulk operation (progress, cancel) and leaves an outcome the view shows in
 * full (which orders printed nothing and why, where the CSV was written), besides the toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrintOutcome } from '../../../../shared/contract/printing-values';
import type { ExportResult } from '../../../../shared/contract/values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods } from '../../query/bridge-query';
import { callExport } from '../export/export-request';
import { plural, writtenText } from '../export/written-words';
import { interruptedKey } from '../printing/interrupted-batches';
import { outcomeSentence } from '../printing/print-outcome';
import type { PrintOverride } from '../printing/print-override-schema';
import { type DocumentKind, refreshTrackingSequentially, type TrackingResult } from './bulk-work';
import { filtersKey, type OrderViewFilters, toBridgeFilters } from './order-filters';
import { useSelectionStore } from './selection-store';
import { cancelledError, useBulkOperation } from './use-bulk-operation';
import { ORDER_READS } from './use-orders-queries';

export type BulkOutcome =
  | { kind: 'print'; title: string; outcome: PrintOutcome }
  | { kind: 'tracking'; results: TrackingResult[]; total: number }
  | { kind: 'export'; result: ExportResult };

/** The bridge takes at most this many orders in one print request (see the contract). */
export const MAX_PRINT_SELECTION = 20_000;

export function useBulkActions() {
  const client = useBridge();
  const queryClient = useQueryClient();
  const bulk = useBulkOperation();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  /** Every matching order's id, under the operation (progress, Cancel). */
  const fetchAllIds = (filters: OrderViewFilters, operationId: string) =>
    callBridge(client, 'ordersFetchAllIds', { filters: toBridgeFilters(filters), operationId });

  const selectAllMatching = (filters: OrderViewFilters) =>
    bulk.run(
      'Selecting all matching orders',
      async ({ operationId }) => {
        const list = await fetchAllIds(filters, operationId);
        useSelectionStore.getState().selectAllMatching(list.ids, filtersKey(filters));
        return list;
      },
      (list) => `${plural(list.count, 'order')} selected`,
    );

  /** The matching orders with no labels printed yet (printed marks), selected. */
  const selectUnprinted = (filters: OrderViewFilters) =>
    bulk.run(
      'Selecting the unprinted orders',
      async ({ operationId }) => {
        const list = await fetchAllIds(filters, operationId);
        const printed = new Set<number>();
        for (let i = 0; i < list.ids.length; i += 20_000) {
          const { marks } = await callBridge(client, 'printedMarksList', {
            orderIds: list.ids.slice(i, i + 20_000),
          });
          for (const m of marks) if (m.what === 'labels') printed.add(m.orderId);
        }
        const unprinted = list.ids.filter((id) => !printed.has(id));
        const store = useSelectionStore.getState();
        store.clear();
        store.set(unprinted, true);
        return { selected: unprinted.length, printed: list.ids.length - unprinted.length };
      },
      (r) =>
        `${plural(r.selected, 'unprinted order')} selected${r.printed > 0 ? ` (${plural(r.printed, 'order')} already printed left out)` : ''}`,
    );

  const print = async (title: string, call: (operationId: string) => Promise<PrintOutcome>) => {
    setOutcome(null);
    const result = await bulk.run(title, ({ operationId }) => call(operationId), outcomeSentence);
    if (result) setOutcome({ kind: 'print', title, outcome: result });
    // Printed orders are marked in the grid; the selection is done with ("Select unprinted"
    // finds what is left, the outcome names what was not printed).
    if (result && result.jobs.length > 0) useSelectionStore.getState().clear();
    void invalidateMethods(queryClient, ['printedMarksList']);
    // A batch stopped by a failure (or cut short by a cancel) now waits for "Print the rest".
    void queryClient.invalidateQueries({ queryKey: interruptedKey });
    return result;
  };

  const printLabels = (orderIds: number[], override: PrintOverride) =>
    print(`Printing labels for ${plural(orderIds.length, 'order')}`, (operationId) =>
      callBridge(client, 'printOrderLabels', { orderIds, override, operationId }),
    );

  const printDocuments = (orderIds: number[], kinds: DocumentKind[], override: PrintOverride) =>
    print(`Printing documents for ${plural(orderIds.length, 'order')}`, (operationId) =>
      callBridge(client, 'printOrderDocuments', { orderIds, kinds, override, operationId }),
    );

  const refreshTracking = async (orderIds: number[]) => {
    setOutcome(null);
    const results: TrackingResult[] = [];
    await bulk.run(
      `Refreshing tracking for ${plural(orderIds.length, 'order')}`,
      async (ctx) => {
        await refreshTrackingSequentially(client, orderIds, ctx, results);
        if (ctx.cancelled()) throw cancelledError('Refreshing tracking');
        return results;
      },
      (r) =>
        `${plural(
          r.reduce((n, x) => n + x.queued, 0),
          'parcel',
        )} queued for a refresh`,
    );
    // Also after a cancel: what was refreshed so far is worth showing.
    setOutcome({ kind: 'tracking', results: [...results], total: orderIds.length });
    void invalidateMethods(queryClient, ORDER_READS);
  };

  const exportCsv = async (filters: OrderViewFilters, destination: string | undefined) => {
    setOutcome(null);
    const result = await bulk.run(
      'Exporting orders to CSV',
      ({ operationId }) =>
        callExport(
          client,
          { method: 'ordersExport', args: { filters: toBridgeFilters(filters) } },
          destination,
          operationId,
        ),
      writtenText,
    );
    if (result) setOutcome({ kind: 'export', result });
    return result;
  };

  return {
    running: bulk.running,
    cancel: bulk.cancel,
    outcome,
    dismissOutcome: () => setOutcome(null),
    selectAllMatching,
    selectUnprinted,
    printLabels,
    printDocuments,
    refreshTracking,
    exportCsv,
  };
}

export type BulkActionsState = ReturnType<typeof useBulkActions>;
