/**
 * Scan to print, docked above the Orders pages (the list and an order's detail): a visible
 * scan box, and a listener that takes a scanner's burst from anywhere on those pages when no
 * text field has the focus. Not on Create order, where a stray scan would leave the form.
 */
import { ScanBarcode } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Input } from '../../ui/input';
import { ScanResult } from './scan-result';
import { useScanAction } from './use-scan-action';
import { useScannerListener } from './use-scanner-listener';

/** `/orders` and `/orders/<id>`: the pages a scan may start from. */
export function isScanPage(path: string): boolean {
  return /^\/orders(\/\d+)?\/?$/.test(path);
}

export function ScanDock() {
  const [location] = useLocation();
  if (!isScanPage(location)) return null;
  return <Dock />;
}

function Dock() {
  const id = useId();
  const { scan, open } = useScanAction();
  const [text, setText] = useState('');
  useScannerListener((code) => {
    setText(code);
    void scan(code).then(() => setText(''));
  });
  return (
    <section
      aria-label="Scan to print"
      className="flex flex-wrap items-start gap-pad border-b border-line bg-surface px-pad py-2"
    >
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const code = text;
          void scan(code).then(() => setText((now) => (now === code ? '' : now)));
        }}
      >
        <ScanBarcode aria-hidden className="size-5 text-muted" />
        <label htmlFor={id} className="text-sm font-medium">
          Scan
        </label>
        <Input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Scan or type an order, external id or tracking number"
          autoComplete="off"
          spellCheck={false}
          className="w-96 max-w-full font-mono"
          data-testid="scan-input"
        />
      </form>
      <div className="min-w-0 flex-1">
        <ScanResult onPick={(code, orderId, name) => void open(code, { id: orderId, name })} />
      </div>
    </section>
  );
}
