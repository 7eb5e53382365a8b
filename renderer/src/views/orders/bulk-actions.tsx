/**
 * The bulk-action area: the selection bar, the dialogs each action needs (print options from
 * the printing feature, document kinds, export folder), the running operation's progress
 * with Cancel, and the last outcome.
 */
import { useState } from 'react';
import { type DocumentKind, MAX_TRACKING_REFRESH } from '../../features/orders/bulk-work';
import { filtersKey, type OrderViewFilters } from '../../features/orders/order-filters';
import { selectedIds } from '../../features/orders/selection-model';
import { useSelectionStore } from '../../features/orders/selection-store';
import { type BulkActionsState, MAX_PRINT_SELECTION } from '../../features/orders/use-bulk-actions';
import { PrintOptionsDialog } from '../../features/printing/print-options-dialog';
import { BulkProgress } from '../../features/status/bulk-progress';
import { CsvExportDialog } from '../../ui/list/csv-export-dialog';
import { toast } from '../../ui/toast-store';
import { AlreadyPrinted } from './already-printed';
import { BulkOutcomePanel } from './bulk-outcome-panel';
import { DocumentKindsDialog } from './document-kinds-dialog';
import { SelectionBar } from './selection-bar';

type Dialogs =
  | { open: 'none' }
  | { open: 'labels' }
  | { open: 'kinds' }
  | { open: 'documents'; kinds: DocumentKind[] }
  | { open: 'export' };

export function BulkActions({
  filters,
  matching,
  actions,
}: {
  filters: OrderViewFilters;
  matching: number | undefined;
  /** The view's bulk work (its "p" key prints through it too). */
  actions: BulkActionsState;
}) {
  const [dialog, setDialog] = useState<Dialogs>({ open: 'none' });
  const close = (open: boolean) => open || setDialog({ open: 'none' });
  const selection = useSelectionStore((s) => s.selection);
  const count = selection.ids.size;
  const busy = actions.running !== null;

  const ids = (): number[] | null => {
    const list = selectedIds(selection);
    if (list.length > MAX_PRINT_SELECTION) {
      toast('Too many orders for one print', {
        tone: 'error',
        description: `Print at most ${MAX_PRINT_SELECTION.toLocaleString()} orders at a time; narrow the filters.`,
      });
      return null;
    }
    return list;
  };

  return (
    <>
      <SelectionBar
        filtersKey={filtersKey(filters)}
        matching={matching}
        busy={busy}
        onSelectAllMatching={() => void actions.selectAllMatching(filters)}
        onSelectUnprinted={() => void actions.selectUnprinted(filters)}
        onPrintLabels={() => setDialog({ open: 'labels' })}
        onPrintDocuments={() => setDialog({ open: 'kinds' })}
        onRefreshTracking={() => {
          const list = selectedIds(selection);
          if (list.length > MAX_TRACKING_REFRESH) {
            toast(`Refreshing the first ${MAX_TRACKING_REFRESH} orders`, {
              tone: 'warning',
              description: 'Each order is one request; narrow the selection for the rest.',
            });
          }
          void actions.refreshTracking(list);
        }}
        onExport={() => setDialog({ open: 'export' })}
      />
      {actions.running && <BulkProgress work={actions.running} onCancel={actions.cancel} />}
      {actions.outcome && !actions.running && (
        <BulkOutcomePanel outcome={actions.outcome} onDismiss={actions.dismissOutcome} />
      )}

      {/* Print dialogs mount when opened: closed, they would ask for the printers (a CUPS
          discovery in the bridge) while the first page of orders is loading. */}
      {dialog.open === 'labels' && (
        <PrintOptionsDialog
          open
          onOpenChange={close}
          title={`Print labels for ${count.toLocaleString()} ${count === 1 ? 'order' : 'orders'}`}
          kinds={['shipping_label']}
          confirmLabel="Print labels"
          notice={<AlreadyPrinted ids={selectedIds(selection)} what="labels" />}
          onConfirm={(override) => {
            const list = ids();
            if (list) void actions.printLabels(list, override);
          }}
        />
      )}
      <DocumentKindsDialog
        open={dialog.open === 'kinds'}
        onOpenChange={close}
        count={count}
        onNext={(kinds) => setDialog({ open: 'documents', kinds })}
      />
      {dialog.open === 'documents' && (
        <PrintOptionsDialog
          open
          onOpenChange={close}
          title={`Print documents for ${count.toLocaleString()} ${count === 1 ? 'order' : 'orders'}`}
          kinds={dialog.kinds}
          confirmLabel="Print documents"
          notice={<AlreadyPrinted ids={selectedIds(selection)} what="documents" />}
          onConfirm={(override) => {
            const list = ids();
            if (list) void actions.printDocuments(list, dialog.kinds, override);
          }}
        />
      )}
      <CsvExportDialog
        noun="orders"
        open={dialog.open === 'export'}
        onOpenChange={close}
        matching={matching}
        onExport={(destination) => void actions.exportCsv(filters, destination)}
      />
    </>
  );
}
