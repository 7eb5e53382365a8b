// @vitest-environment jsdom
/**
 * The scanner listener in a page with the real shortcut layer and a list's keys (j/k move,
 * Enter opens): a scanner's burst is one code and runs no shortcut, moves no cursor, opens
 * no row; a person's keys all run, in order, a moment late; a scanner's keys never type into
 * a field they were not aimed at (the field is put back), and the scan bar keeps them.
 * Fake timers: the hold is measured on the faked clock, keys carry their own timestamps.
 */
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShortcutLayer } from '../../ui/shortcuts/shortcut-layer';
import { useShortcutStore } from '../../ui/shortcuts/shortcut-store';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { SCAN_EVENT, type ScanPlace, useScannerListener } from './use-scanner-listener';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useShortcutStore.setState({ shortcuts: {} });
});

interface Ran {
  shortcuts: string[];
}

function Page({
  onScan,
  inDialog = false,
  ran,
  prefix,
}: {
  onScan(code: string, place: ScanPlace): void;
  inDialog?: boolean;
  ran: Ran;
  prefix?: string;
}) {
  useScannerListener(onScan, { prefix: prefix ?? '' });
  const [note, setNote] = useState('Box dented');
  const [row, setRow] = useState(0);
  useShortcuts([
    { id: 'list.next', keys: ['j'], label: 'Next', group: 'List', run: () => setRow((r) => r + 1) },
    { id: 'list.prev', keys: ['k'], label: 'Prev', group: 'List', run: () => setRow((r) => r - 1) },
    {
      id: 'list.open',
      keys: ['Enter'],
      label: 'Open',
      group: 'List',
      run: () => ran.shortcuts.push(`open ${row}`),
    },
    { id: 'go', keys: ['g i'], label: 'Go', group: 'Go', run: () => ran.shortcuts.push('g i') },
    { id: 'd', keys: ['d'], label: 'D', group: 'G', run: () => ran.shortcuts.push('d') },
  ]);
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
      <ShortcutLayer />
      {inDialog ? <div role="dialog">{field}</div> : field}
      <input aria-label="Scan" data-scan-input="" data-testid="accept" />
      <output data-testid="state">{note}</output>
      <output data-testid="row">{row}</output>
    </div>
  );
}

/**
 * Sends keys as the browser would: a keydown stamped `at`, then (if not stopped) the text
 * typed into a focused input. `gap` ms between stamps; the faked clock moves by `clockStep`
 * per key (0: the page got them all at once, late and bunched).
 */
function send(keys: readonly string[], gap: number, clockStep = gap, startAt = performance.now()) {
  let at = startAt;
  for (const k of keys) {
    const target = (document.activeElement as HTMLElement | null) ?? document.body;
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: at });
    act(() => {
      const typed = target.dispatchEvent(event);
      if (typed && k.length === 1 && target instanceof HTMLInputElement) {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(target, target.value + k);
        target.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
    at += gap;
    if (clockStep > 0) act(() => vi.advanceTimersByTime(clockStep));
  }
}

const scanKeys = (code: string) => [...code, 'Enter'];

function setUp(props: { inDialog?: boolean; prefix?: string } = {}) {
  const onScan = vi.fn();
  const ran: Ran = { shortcuts: [] };
  const view = render(<Page onScan={onScan} ran={ran} {...props} />);
  (document.activeElement as HTMLElement | null)?.blur();
  return { onScan, ran, ...view };
}

describe('a scanner’s burst on the page (a list has the keys)', () => {
  it('is one whole code: its leading j/k move nothing, its Enter opens nothing', () => {
    const { onScan, ran, getByTestId } = setUp();
    send(scanKeys('JJD005608852750'), 7);
    send(scanKeys('jkd-0042'), 3);
    act(() => vi.advanceTimersByTime(500));
    expect(onScan.mock.calls).toEqual([
      ['JJD005608852750', 'page'],
      ['jkd-0042', 'page'],
    ]);
    expect(ran.shortcuts).toEqual([]);
    expect(getByTestId('row').textContent).toBe('0');
  });

  it('survives keys arriving late and bunched (the page busy), stamped 25 ms apart', () => {
    const { onScan, ran, getByTestId } = setUp();
    // The page was busy 120 ms while the scanner typed: it gets every key at once, late.
    const start = performance.now();
    act(() => vi.advanceTimersByTime(120));
    send(scanKeys('jd7731-k'), 25, 0, start);
    act(() => vi.advanceTimersByTime(500));
    expect(onScan).toHaveBeenCalledWith('jd7731-k', 'page');
    expect(ran.shortcuts).toEqual([]);
    expect(getByTestId('row').textContent).toBe('0');
  });

  it('is announced on the window first, and a listener there may take it', () => {
    const { onScan } = setUp();
    const taken: string[] = [];
    const take = (e: Event) => {
      taken.push((e as CustomEvent<{ code: string }>).detail.code);
      e.preventDefault();
    };
    window.addEventListener(SCAN_EVENT, take);
    try {
      send(scanKeys('GS1-0042'), 4);
    } finally {
      window.removeEventListener(SCAN_EVENT, take);
    }
    expect(taken).toEqual(['GS1-0042']);
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('a person at the keyboard', () => {
  it('gets a lone j a moment late, and j j k at a person’s pace all run in order', () => {
    const { ran, getByTestId, onScan } = setUp();
    send(['j'], 0, 0);
    expect(getByTestId('row').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(100));
    expect(getByTestId('row').textContent).toBe('1');
    send(['j', 'j', 'k'], 150);
    act(() => vi.advanceTimersByTime(100));
    expect(getByTestId('row').textContent).toBe('2');
    // A roll as fast as a scanner: both keys come back (after 400 ms, in case more came),
    // the cursor moving between them.
    send(['j', 'j'], 30);
    act(() => vi.advanceTimersByTime(500));
    expect(getByTestId('row').textContent).toBe('4');
    expect(ran.shortcuts).toEqual([]);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('runs "g i" and "d" typed quickly, and j then Enter opens the next row', () => {
    const { ran } = setUp();
    send(['g', 'i'], 40);
    act(() => vi.advanceTimersByTime(200));
    send(['d'], 0, 0);
    act(() => vi.advanceTimersByTime(200));
    send(['j', 'Enter'], 30);
    act(() => vi.advanceTimersByTime(200));
    expect(ran.shortcuts).toEqual(['g i', 'd', 'open 1']);
  });
});

describe('a scan in a field it was not aimed at', () => {
  it('leaves a dialog’s field as it was and says the scan came from a dialog', () => {
    const { onScan, getByTestId } = setUp({ inDialog: true });
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    send(scanKeys('RMA-2026-000007'), 6);
    expect(note.value).toBe('Box dented');
    expect(getByTestId('state').textContent).toBe('Box dented');
    expect(onScan).toHaveBeenCalledWith('RMA-2026-000007', 'dialog');
  });

  it('leaves a page’s field as it was and routes the scan', () => {
    const { onScan, getByTestId, ran } = setUp();
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    send(scanKeys('4014170001084'), 6);
    expect(note.value).toBe('Box dented');
    expect(onScan).toHaveBeenCalledWith('4014170001084', 'page');
    expect(ran.shortcuts).toEqual([]);
  });

  it('lets a person type normally, without waiting', () => {
    const { onScan, getByTestId } = setUp({ inDialog: true });
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    send([' ', 'o', 'k'], 150);
    expect(note.value).toBe('Box dented ok');
    send([' ', 'g', 'o'], 4);
    expect(note.value).toBe('Box dented ok go');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('lets the scan bar have a scanner’s keys as typing', () => {
    const { onScan, getByTestId } = setUp();
    const accept = getByTestId('accept') as HTMLInputElement;
    accept.focus();
    send(scanKeys('BAR-0108'), 4);
    expect(accept.value).toBe('BAR-0108');
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('with a prefix set', () => {
  it('takes the code after the prefix at any speed, even in a field, typing nothing', () => {
    const { onScan, getByTestId, ran } = setUp({ prefix: 'F13' });
    const note = getByTestId('note') as HTMLInputElement;
    note.focus();
    send(['F13', ...scanKeys('jd-77')], 120);
    expect(note.value).toBe('Box dented');
    expect(onScan).toHaveBeenCalledWith('jd-77', 'page');
    expect(ran.shortcuts).toEqual([]);
  });
});
