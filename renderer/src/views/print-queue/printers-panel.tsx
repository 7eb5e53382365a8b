/**
 * The printers the console knows, with their state, whether they accept jobs and how many are
 * waiting; the reason when the system's printers cannot be listed (CUPS not running); and
 * "Refresh printers", which asks the system again.
 */
import { RefreshCw } from 'lucide-react';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { usePrinters, useRefreshPrinters } from '../../features/printing/use-printers';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useFormatters } from '../../ui/format/use-formatters';

const STATE: Record<PrinterView['state'], string> = {
  idle: 'Idle',
  printing: 'Printing',
  stopped: 'Stopped',
  unknown: 'State unknown',
};

const KIND: Record<PrinterView['kind'], string> = {
  cups: 'System printer',
  raw9100: 'Network label printer',
  folder: 'Save to folder',
  windows: 'Windows printer',
};

export function PrintersPanel() {
  const printers = usePrinters();
  const refresh = useRefreshPrinters();
  const fmt = useFormatters();
  const view = printers.data;
  return (
    <Card title="Printers">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">
          {view ? `Checked ${fmt.dateTime(view.refreshedAt)}` : 'Reading the printers…'}
        </p>
        <Button busy={refresh.isPending} onClick={() => refresh.mutate()}>
          <RefreshCw aria-hidden className="size-4" />
          Refresh printers
        </Button>
      </div>
      {(view?.problem || printers.error || refresh.error) && (
        <p
          // A status, not an alert: it is often there from the start (no CUPS on this
          // machine) and must not interrupt a screen reader on every visit.
          role="status"
          data-testid="printers-problem"
          className="mb-2 rounded-md bg-warn-soft p-2 text-sm text-warn"
        >
          <strong>The system’s printers could not be listed.</strong>{' '}
          {view?.problem ?? errorMessage(printers.error ?? refresh.error)}
        </p>
      )}
      {view && (
        <ul aria-label="Printers" className="flex flex-col">
          {view.printers.map((p) => (
            <li
              key={p.id}
              aria-label={p.name}
              className="flex flex-wrap items-baseline gap-x-3 border-t border-line py-1.5 text-sm first:border-t-0"
            >
              <span className="font-medium">{p.name}</span>
              {p.isDefault && <span className="text-xs text-muted">(system default)</span>}
              <span className="text-xs text-muted">
                {KIND[p.kind]} · {p.accepts.map((f) => f.toUpperCase()).join(' and ')}
                {p.detail ? ` · ${p.detail}` : ''}
              </span>
              <span className="ml-auto flex gap-3 text-xs">
                <span>{STATE[p.state]}</span>
                <span className={p.accepting ? undefined : 'font-semibold text-danger'}>
                  {p.accepting ? 'Accepting jobs' : 'Not accepting jobs'}
                </span>
                <span data-testid="printer-pending">{p.pending} waiting</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
