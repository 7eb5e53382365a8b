/**
 * The scanner's listener in the page, the browser half of scan-burst.ts (no React, so a bench
 * page can run it alone; use-scanner-listener.ts mounts it in the console). One capture-phase
 * keydown listener on the window, added once for the page's life so it runs before every
 * other key listener (the shortcut layer, the key history, a list's Enter): a key the machine
 * holds is stopped there and then, and given back later as the same key dispatched again to
 * where it was aimed, so the shortcuts and the lists see a person's key a moment late and a
 * scanner's keys never.
 *
 * A scan never types into a field it was not aimed at: the scan bar (`data-scan-input`, and
 * fields marked `data-scan-accept`) takes a scanner's keys as typing. In any other field the
 * keys go in as they come (a fast typist's keys must never be eaten), and when the run ends
 * as a scan the Enter is stopped and the field put back as it was before the run.
 *
 * Each code is announced as a cancelable `packbench-scan` event on the window before it is
 * routed (detail: code and place), so a page or a test can watch the scanner or take a code.
 */
import { flushSync } from 'react-dom';
import { keyTime, markGivenBack } from '../../ui/shortcuts/key-time';
import { isTypingTarget } from '../../ui/shortcuts/shortcut-store';
import { BurstMachine, type BurstOptions, type KeyIn, type ScanOut } from './scan-burst';
import { type KeyChord, parseChord } from './scan-keys';

export type ScanPlace = 'page' | 'dialog';

/** The window event each code is announced with before it is routed. */
export const SCAN_EVENT = 'packbench-scan';
export interface ScanEventDetail {
  code: string;
  place: ScanPlace;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Snapshot {
  field: Field;
  value: string;
  start: number | null;
  end: number | null;
}

export interface ScannerKeys {
  /** The scanner's prefix and suffix keys ("F13", "Ctrl+]"), or null/empty: none. */
  prefix?: string | null;
  suffix?: string | null;
}

/** Events this listener dispatched itself (given-back keys): they go on as typed. */
const replayed = new WeakSet<Event>();

function isField(el: Element): el is Field {
  return (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
  );
}

function takesScans(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('[data-scan-input], [data-scan-accept]') !== null
  );
}

/** True while a dialog (or an alert dialog) is open over the page. */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Puts a field back as it was, through the native setter so React sees the change. */
function restore(snapshot: Snapshot): void {
  const { field, value } = snapshot;
  if (field.value === value) return;
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
  if (!(field instanceof HTMLSelectElement) && snapshot.start !== null && snapshot.end !== null) {
    try {
      field.setSelectionRange(snapshot.start, snapshot.end);
    } catch {
      // Some input types (number, email) have no selection to put back.
    }
  }
}

function snapshotOf(target: EventTarget | null): Snapshot | null {
  if (!(target instanceof Element) || !isField(target)) return null;
  return {
    field: target,
    value: target.value,
    start: 'selectionStart' in target ? target.selectionStart : null,
    end: 'selectionEnd' in target ? target.selectionEnd : null,
  };
}

function keyIn(event: KeyboardEvent, now: number): KeyIn {
  const at = keyTime(event, now);
  const target = event.target;
  const scanField = takesScans(target);
  return {
    key: event.key,
    code: event.code,
    at,
    now,
    ctrl: event.ctrlKey,
    alt: event.altKey,
    meta: event.metaKey,
    shift: event.shiftKey,
    altGraph: event.getModifierState?.('AltGraph') ?? false,
    repeat: event.repeat,
    composing: event.isComposing,
    field: isTypingTarget(target) ? (target as object) : null,
    scanField,
  };
}

/** Dispatches a held key again where it was aimed (or where the focus is now, if gone). */
function giveBack(event: KeyboardEvent): void {
  const aimed = event.target instanceof Node && event.target.isConnected ? event.target : null;
  const target = aimed ?? document.activeElement ?? document.body;
  const copy = new KeyboardEvent('keydown', {
    key: event.key,
    code: event.code,
    location: event.location,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  replayed.add(copy);
  markGivenBack(copy, event);
  target.dispatchEvent(copy);
}

/**
 * Gives keys back one by one, letting React render after each: the next key (or the Enter
 * that follows a person's "j") must find the list's cursor where the last one put it.
 */
function giveBackAll(events: readonly KeyboardEvent[]): void {
  for (const event of events) {
    giveBack(event);
    flushSync(() => undefined);
  }
}

/** Options for the machine from the settings' prefix and suffix text. */
function chords(keys: ScannerKeys): Pick<BurstOptions, 'prefix' | 'suffix'> {
  const prefix: KeyChord | null = parseChord(keys.prefix);
  const suffix: KeyChord | null = parseChord(keys.suffix);
  return { prefix, suffix };
}

/** True when input is waiting to be read (Chromium): a timer must not run ahead of it. */
function inputPending(): boolean {
  const scheduling = (navigator as Navigator & { scheduling?: { isInputPending?: () => boolean } })
    .scheduling;
  try {
    return scheduling?.isInputPending?.() ?? false;
  } catch {
    return false;
  }
}

export interface ScannerListener {
  /** New prefix/suffix text from the settings. */
  setKeys(keys: ScannerKeys): void;
  /** Removes the listener; held keys are given back. */
  stop(): void;
}

/** Adds the listener to the window; `onScan` gets each code not taken by a SCAN_EVENT listener. */
export function installScannerListener(
  onScan: (code: string, place: ScanPlace) => void,
  keys: ScannerKeys = {},
): ScannerListener {
  const machine = new BurstMachine<KeyboardEvent>(chords(keys));
  let snapshot: Snapshot | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (scan: ScanOut) => {
    const inField = snapshot && snapshot.field === scan.field ? snapshot : null;
    snapshot = null;
    if (inField) restore(inField);
    const place: ScanPlace = dialogOpen() ? 'dialog' : 'page';
    const detail: ScanEventDetail = { code: scan.code, place };
    const announced = new CustomEvent(SCAN_EVENT, { detail, cancelable: true });
    if (!window.dispatchEvent(announced)) return;
    onScan(scan.code, place);
  };

  // While a run waits, the machine is ticked every pollMs: a late tick tells it the page was
  // busy (keys may be queued), on-time ticks that it was free to read them.
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const due = machine.nextTick();
    if (due === null) return;
    timer = setTimeout(onTimer, Math.max(0, due - performance.now()));
  };

  const onTimer = () => {
    timer = undefined;
    const out = machine.tick(performance.now(), inputPending());
    giveBackAll(out.replay);
    if (out.scan) deliver(out.scan);
    arm();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (replayed.has(event)) return;
    const decision = machine.feed(keyIn(event, performance.now()), event);
    if (decision.started) snapshot = snapshotOf(event.target);
    if (decision.action === 'stop') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    giveBackAll(decision.replay);
    if (decision.scan) deliver(decision.scan);
    arm();
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return {
    setKeys: (next) => machine.setKeys(chords(next)),
    stop: () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      if (timer !== undefined) clearTimeout(timer);
      giveBackAll(machine.flush());
    },
  };
}
