/**
 * The bulk-action area: the selection bar, the dialogs each action needs (print options from
 * the printing feature, document kinds, export folder), the running operation's progress
 * with Cancel, and the last outcome. Also prints the focused row's label when "p" is pressed
 * (straight to the routed printer: a pack station prints one label without a dialog).
 */
import { useEffect, useState } from 'react';
import { type DocumentKind, MAX_TRACKING_REFRESH } from '../../features/orders/bulk-work';
import { filtersKey, type OrderViewFilters } from '../../features/orders/order-filters';
import { selectedIds } from '../../features/orders/selection-model';
import { useSelectionStore } from '../../features/orders/selection-store';
import { MAX_PRINT_SELECTION, useBulkActions } from '../../features/orders/use-bulk-actions';
import { PrintOptionsDialog } from '../../features/printing/print-options-dialog';
import { toast } from '../../ui/toast-store';
import { BulkOutcomePanel } from './bulk-outcome-panel';
import { BulkProgress } from './bulk-progress';
import { DocumentKindsDialog } from './document-kinds-dialog';
import { ExportDialog } from './export-dialog';
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
  printFocused,
}: {
  filters: OrderViewFilters;
  matching: number | undefined;
  /** Set (with a new token) when "p" asks for the focused order's label. */
  printFocused: { id: number; token: number } | null;
}) {
  const actions = useBulkActions();
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: each token is one key press
  useEffect(() => {
    if (!printFocused) return;
    if (busy) {
      toast('Bulk work is running', {
        tone: 'warning',
        description: 'Wait for it or cancel it, then print again.',
      });
      return;
    }
    void actions.printLabels([printFocused.id], {});
  }, [printFocused?.token]);

  return (
    <>
      <SelectionBar
        filtersKey={filtersKey(filters)}
        matching={matching}
        busy={busy}
        onSelectAllMatching={() => void actions.selectAllMatching(filters)}
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
          onConfirm={(override) => {
            const list = ids();
            if (list) void actions.printDocuments(list, dialog.kinds, override);
          }}
        />
      )}
      <ExportDialog
        open={dialog.open === 'export'}
        onOpenChange={close}
        matching={matching}
        onExport={(destination) => void actions.exportCsv(filters, destination)}
      />
    </>
  );
}
