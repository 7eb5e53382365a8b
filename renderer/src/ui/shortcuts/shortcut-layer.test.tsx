// @vitest-environment jsdom
/**
 * The keyboard side of the shortcut registry: "g i" goes to Inventory even when a view
 * registers its own shortcuts between the two keys (its detail panel mounts as its data
 * arrives). Seen in the browser suite on a loaded machine: the "i" found a freshly bound
 * listener that had not seen the "g", and the person stayed where they were.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markGivenBack } from './key-time';
import { SHORTCUT_EVENT, ShortcutLayer } from './shortcut-layer';
import { useShortcutStore } from './shortcut-store';

const press = (key: string) => fireEvent.keyDown(document.body, { key });
/** A key, then a moment (a sequence's keys are apart in time). */
const pressAndWait = (key: string) => {
  press(key);
  act(() => vi.advanceTimersByTime(60));
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useShortcutStore.setState({ shortcuts: {} });
});

/** The layer on screen with one shortcut, "m", that runs `mark`. */
function withMarkOnM(mark: () => void): void {
  render(<ShortcutLayer />);
  act(() => {
    useShortcutStore
      .getState()
      .register([{ id: 'mark', keys: ['m'], label: 'Mark', group: 'G', run: mark }]);
  });
}

function setUp() {
  const goInventory = vi.fn();
  render(<ShortcutLayer />);
  act(() => {
    useShortcutStore
      .getState()
      .register([
        { id: 'go.inventory', keys: ['g i'], label: 'Inventory', group: 'Go to', run: goInventory },
      ]);
  });
  return goInventory;
}

/** A view's own shortcuts arriving, as a detail panel that mounts when its data comes. */
function viewRegisters(): () => void {
  let off = () => {};
  act(() => {
    off = useShortcutStore
      .getState()
      .register([
        { id: 'return.review', keys: ['m'], label: 'Mark', group: 'Return', run: vi.fn() },
      ]);
  });
  return off;
}

/** "g", a view registering its shortcuts `before` ms later, "i" `after` ms after that. */
function typeAcrossRegistration(before: number, after: number): void {
  press('g');
  act(() => vi.advanceTimersByTime(before));
  viewRegisters();
  act(() => vi.advanceTimersByTime(after));
  pressAndWait('i');
}

describe('ShortcutLayer', () => {
  it('runs a sequence typed at a person’s pace', () => {
    const goInventory = setUp();
    press('g');
    act(() => vi.advanceTimersByTime(150));
    pressAndWait('i');
    expect(goInventory).toHaveBeenCalledTimes(1);
  });

  it('keeps a sequence begun before a view registers its shortcuts', () => {
    const goInventory = setUp();
    typeAcrossRegistration(100, 100);
    expect(goInventory).toHaveBeenCalledTimes(1);
  });

  it('keeps it across a view leaving too, and runs nothing twice', () => {
    const goInventory = setUp();
    const off = viewRegisters();
    press('g');
    act(off);
    pressAndWait('i');
    expect(goInventory).toHaveBeenCalledTimes(1);
    // The replayed keys ran nothing of their own: a lone "i" now is not a sequence.
    pressAndWait('i');
    expect(goInventory).toHaveBeenCalledTimes(1);
  });

  it('still forgets a "g" after the sequence timeout', () => {
    const goInventory = setUp();
    typeAcrossRegistration(600, 600);
    expect(goInventory).not.toHaveBeenCalled();
  });

  it('judges the pause between presses: a key the scanner listener gave back late still counts', () => {
    const goInventory = setUp();
    press('g');
    act(() => vi.advanceTimersByTime(120));
    // The "i" pressed 120 ms after the "g" (its time as the system stamped it) ...
    const pressed = new KeyboardEvent('keydown', { key: 'i', bubbles: true });
    Object.defineProperty(pressed, 'timeStamp', { value: performance.now() });
    // ... held while the page was busy, and given back 1.4 s later.
    act(() => vi.advanceTimersByTime(1400));
    const copy = new KeyboardEvent('keydown', { key: 'i', bubbles: true });
    markGivenBack(copy, pressed);
    act(() => {
      document.body.dispatchEvent(copy);
    });
    expect(goInventory).toHaveBeenCalledTimes(1);
  });

  it('does not run a single-key shortcut again when the table changes after it', () => {
    const mark = vi.fn();
    withMarkOnM(mark);
    pressAndWait('m');
    expect(mark).toHaveBeenCalledTimes(1);
    viewRegisters();
    act(() => vi.advanceTimersByTime(60));
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('runs a plain key’s shortcut as its key arrives, and announces it', () => {
    const mark = vi.fn();
    const seen: string[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<{ id: string }>).detail.id);
    window.addEventListener(SHORTCUT_EVENT, listener);
    try {
      withMarkOnM(mark);
      press('m');
      expect(mark).toHaveBeenCalledTimes(1);
      expect(seen).toEqual(['mark']);
    } finally {
      window.removeEventListener(SHORTCUT_EVENT, listener);
    }
  });
});
