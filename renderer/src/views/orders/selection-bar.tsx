/**
 * The selection bar: how many orders are selected (across pages), "Select all N matching"
 * (which fetches every id through the bridge), Clear, and the bulk actions. Actions are
 * disabled while bulk work runs: one operation at a time keeps the progress bar readable.
 */
import { Download, FileText, Printer, RefreshCw } from 'lucide-react';
import { describeSelection, isAllMatching } from '../../features/orders/selection-model';
import { useSelectionStore } from '../../features/orders/selection-store';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { ReasonButton } from '../../ui/reason-button';

export interface SelectionBarProps {
  filtersKey: string;
  /** Orders matching the filters (the API's count), when known. */
  matching: number | undefined;
  busy: boolean;
  onSelectAllMatching(): void;
  onSelectUnprinted(): void;
  onPrintLabels(): void;
  onPrintDocuments(): void;
  onRefreshTracking(): void;
  onExport(): void;
}

export function SelectionBar(props: SelectionBarProps) {
  const format = useFormatters();
  const selection = useSelectionStore((s) => s.selection);
  const clear = useSelectionStore((s) => s.clear);
  const n = selection.ids.size;
  const allMatching = isAllMatching(selection, props.filtersKey);
  // A disabled action says why (hover or focus; read as its description).
  const why = props.busy
    ? 'Wait: another bulk action is running.'
    : n === 0
      ? 'Select orders first: tick them in the list, or use “Select all … matching”.'
      : null;
  const canSelectAll =
    props.matching !== undefined && props.matching > 0 && !allMatching && !props.busy;

  return (
    <section
      aria-label="Selection"
      className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-surface px-2 py-1.5"
    >
      <p className="text-sm font-medium" aria-live="polite" data-testid="selection-count">
        {describeSelection(selection, props.filtersKey, format.number)}
      </p>
      {canSelectAll && (
        <Button tone="ghost" onClick={props.onSelectAllMatching}>
          Select all {format.number(props.matching ?? 0)} matching
        </Button>
      )}
      {props.matching !== undefined && props.matching > 0 && (
        <Button
          tone="ghost"
          onClick={props.onSelectUnprinted}
          disabled={props.busy}
          title="Select the matching orders whose labels have not been printed at this connection"
        >
          Select unprinted
        </Button>
      )}
      {n > 0 && (
        <Button tone="ghost" onClick={clear} disabled={props.busy}>
          Clear selection
        </Button>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <ReasonButton tone="primary" why={why} onClick={props.onPrintLabels}>
          <Printer aria-hidden className="size-4" />
          Print labels
        </ReasonButton>
        <ReasonButton why={why} onClick={props.onPrintDocuments}>
          <FileText aria-hidden className="size-4" />
          Print documents…
        </ReasonButton>
        <ReasonButton why={why} onClick={props.onRefreshTracking}>
          <RefreshCw aria-hidden className="size-4" />
          Refresh tracking
        </ReasonButton>
        <Button disabled={props.busy} onClick={props.onExport}>
          <Download aria-hidden className="size-4" />
          Export CSV…
        </Button>
      </div>
    </section>
  );
}
