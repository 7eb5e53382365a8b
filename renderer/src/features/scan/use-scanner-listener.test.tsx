// @vitest-environment jsdom
/**
 * A scanner's keys never type into a field they were not aimed at: the burst is taken out of
 * a search box or a dialog's field (the field is as it was), the code goes to the router with
 * where it was scanned, and a field that asks for scans (data-scan-accept) keeps them.
 */
import { cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MS, holdShortcut } from '../../ui/shortcuts/held-shortcut';
import { type ScanPlace, useScannerListener } from './use-scanner-listener';

afterEach(cleanup);

function Page({
  onScan,
  inDialog,
}: {
  onScan(code: string, place: ScanPlace): void;
  inDialog: boolean;
}) {
  useScannerListener(onScan);
  const [note, setNote] = useState('Box dented');
  const field = (
    <input
      aria-label="Note"
      value={note}
      onChange={(e) => setNote(e.target.value)}
      data-testid="note"
    />
  );
  return (
    <div>
      {inDialog ? <div role="dialog">{field}</div> : field}
      <input aria-label="Item check" data-scan-accept="" data-testid="accept" />
      <output data-testid="state">{note}</output>
    </div>
  );
}

/** Types like a scanner (6 ms a key), each key as the browser would: keydown, then the text. */
function scanInto(el: HTMLInputElement, code: string, start = 1000) {
  let at = start;
  const key = (k: string) => {
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: at });
    const typed = el.dispatchEvent(event);
    if (typed && k.length === 1) {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, el.value + k);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    at += 6;
  };
  for (const ch of code) key(ch);
  key('Enter');
}

describe('a scan in a field it was not aimed at', () => {
  it('leaves a dialog’s field as it was and says the scan came from a dialog', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<Page onScan={onScan} inDialog />);
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    scanInto(note, 'RMA-2026-000007');
    expect(note.value).toBe('Box dented');
    expect(getByTestId('state').textContent).toBe('Box dented');
    expect(onScan).toHaveBeenCalledWith('RMA-2026-000007', 'dialog');
  });

  it('leaves a page’s field as it was and routes the scan', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<Page onScan={onScan} inDialog={false} />);
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    scanInto(note, '4014170001084');
    expect(note.value).toBe('Box dented');
    expect(onScan).toHaveBeenCalledWith('4014170001084', 'page');
  });

  it('lets a person type normally', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<Page onScan={onScan} inDialog />);
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    let at = 0;
    for (const ch of ' ok') {
      const event = new KeyboardEvent('keydown', { key: ch, bubbles: true, cancelable: true });
      at += 150;
      Object.defineProperty(event, 'timeStamp', { value: at });
      if (note.dispatchEvent(event)) {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
          note,
          note.value + ch,
        );
        note.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    expect(note.value).toBe('Box dented ok');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps every key typed fast into a field just focused by a key on the page', () => {
    // "/" on the page focuses the search box; the person types at once, scanner-fast.
    const onScan = vi.fn();
    const { getByTestId } = render(<Page onScan={onScan} inDialog={false} />);
    const note = getByTestId('note') as HTMLInputElement;
    const slash = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true });
    Object.defineProperty(slash, 'timeStamp', { value: 940 });
    document.body.dispatchEvent(slash);
    note.focus();
    let at = 1000;
    for (const ch of ' g s') {
      const event = new KeyboardEvent('keydown', { key: ch, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: at });
      at += 4;
      if (note.dispatchEvent(event)) {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
          note,
          note.value + ch,
        );
        note.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    expect(note.value).toBe('Box dented g s');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('lets a field that asks for scans have them', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<Page onScan={onScan} inDialog={false} />);
    const accept = getByTestId('accept') as HTMLInputElement;
    accept.focus();
    scanInto(accept, 'BAR-0108');
    expect(accept.value).toBe('BAR-0108');
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('a shortcut started by a scan’s first key', () => {
  it('never runs when the keys turn out to be a scanner’s; runs when the key was alone', () => {
    vi.useFakeTimers();
    try {
      const onScan = vi.fn();
      render(<Page onScan={onScan} inDialog={false} />);
      const shortcut = vi.fn();
      // "c" on the pack screen: held, then the rest of "CND-SAG-0011" comes scanner-fast.
      let at = 5000;
      for (const key of ['C', 'N', 'D', '-', 'S', 'A', 'G', 'Enter']) {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        Object.defineProperty(event, 'timeStamp', { value: at });
        document.body.dispatchEvent(event);
        if (key === 'C') holdShortcut(shortcut);
        at += 5;
      }
      vi.advanceTimersByTime(HOLD_MS * 2);
      expect(shortcut).not.toHaveBeenCalled();
      expect(onScan).toHaveBeenCalledWith('CND-SAG', 'page');

      // A person's "c", alone: it runs, a moment later.
      const alone = new KeyboardEvent('keydown', { key: 'c', bubbles: true, cancelable: true });
      Object.defineProperty(alone, 'timeStamp', { value: at + 2000 });
      document.body.dispatchEvent(alone);
      holdShortcut(shortcut);
      vi.advanceTimersByTime(HOLD_MS + 1);
      expect(shortcut).toHaveBeenCalledTimes(1);

      // A person's quick "j j" (not a burst): the first runs when the second comes.
      const order: string[] = [];
      holdShortcut(() => order.push('first'));
      holdShortcut(() => order.push('second'));
      expect(order).toEqual(['first']);
      vi.advanceTimersByTime(HOLD_MS + 1);
      expect(order).toEqual(['first', 'second']);
    } finally {
      vi.useRealTimers();
    }
  });
});
