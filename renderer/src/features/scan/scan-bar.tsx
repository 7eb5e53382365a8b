/**
 * The scan bar, on every page under the header: a box wide enough for a full code and its
 * prompt, who is packing (packer-sign-in.tsx), whether auto-print is on (and a toggle for
 * it), and what the last scan did.
 * The listener takes a scanner's burst from anywhere (scan-bar's box takes it as typing);
 * inside a dialog the scan is held and looked up once the dialog closes.
 */
import { Printer, ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../query/bridge-call';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { LabelledControl } from '../../ui/list/labelled-control';
import { toast } from '../../ui/toast-store';
import { PackerSignIn } from '../packing/packer-sign-in';
import { useSettings } from '../preferences/use-settings';
import { usePrintingSettings, useUpdatePrinting } from '../printing/use-printing-settings';
import { beep } from './scan-beep';
import { ScanResult } from './scan-result';
import { useScanStore } from './scan-store';
import { useScanAction } from './use-scan-action';
import { dialogOpen, useScannerListener } from './use-scanner-listener';

/** Runs a held scan once no dialog is open any more. */
function useHeldScan(scan: (code: string) => Promise<void>) {
  const state = useScanStore((s) => s.state);
  const held = state.kind === 'held' ? state.code : null;
  useEffect(() => {
    if (held === null) return;
    const check = () => {
      if (!dialogOpen()) void scan(held);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    check();
    return () => observer.disconnect();
  }, [held, scan]);
}

function PrintOnScanToggle() {
  const printing = usePrintingSettings();
  const update = useUpdatePrinting();
  const last = useRef({ label: true, packingSlip: true });
  if (!printing) return null;
  const { label, packingSlip } = printing.scan;
  const on = label || packingSlip;
  if (on) last.current = { label, packingSlip };
  const what = label && packingSlip ? 'label + slip' : label ? 'label' : 'packing slip';
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid="print-on-scan"
      title="Print an order's label and packing slip once its items are verified on the pack screen (Settings → Station)"
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-md border px-2 py-1 text-sm',
        on ? 'border-accent bg-accent-soft text-fg' : 'border-line text-muted',
      )}
      onClick={() =>
        update.mutate(
          { scan: on ? { label: false, packingSlip: false } : last.current },
          {
            onError: (error) =>
              toast('Auto-print was not changed', {
                tone: 'error',
                description: errorMessage(error),
              }),
          },
        )
      }
    >
      <Printer aria-hidden className="size-4" />
      Auto-print: <strong className="font-semibold">{on ? what : 'off'}</strong>
    </button>
  );
}

export function ScanBar() {
  const { scan, open } = useScanAction();
  const [text, setText] = useState('');
  const scanner = useSettings().data?.settings.scanner;
  useScannerListener((code, place) => {
    if (place === 'dialog') {
      // Said in the scan bar, not in a toast: a toast is a layer of its own and would take
      // the Escape meant to close the dialog.
      useScanStore.getState().set({ kind: 'held', code });
      beep(660, 0.08);
      return;
    }
    setText(code);
    void scan(code).then(() => setText((now) => (now === code ? '' : now)));
  }, scanner);
  useHeldScan(scan);
  return (
    <section
      aria-label="Scan"
      className="flex flex-wrap items-center gap-x-pad gap-y-1 border-b border-line bg-surface px-pad py-1.5"
    >
      <form
        // Room for a full code (a 34-character tracking number) and the prompt: the box never
        // shrinks below that; what follows wraps instead.
        className="flex min-w-[min(100%,30rem)] basis-[34rem] items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const code = text;
          void scan(code).then(() => setText((now) => (now === code ? '' : now)));
        }}
      >
        <ScanBarcode aria-hidden className="size-5 text-muted" />
        <LabelledControl label="Scan" labelClass="text-sm font-medium">
          {(id) => (
            <Input
              id={id}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Order, RMA, tracking, SKU/GTIN or shipment id"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              className="min-w-0 flex-1 font-mono"
              data-testid="scan-input"
              data-scan-input=""
            />
          )}
        </LabelledControl>
      </form>
      <PackerSignIn />
      <PrintOnScanToggle />
      <div className="min-w-0 flex-1">
        <ScanResult onPick={(code, hit) => void open(code, hit)} />
      </div>
    </section>
  );
}
