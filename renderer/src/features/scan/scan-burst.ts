/**
 * Tells a barcode scanner from a person at the keyboard, as a pure state machine: key presses
 * (with the time the system saw each, KeyboardEvent.timeStamp, and the time the page got to
 * it) in, decisions out. A scanner types a whole code a few milliseconds per key and ends it
 * with Enter or Tab; people type 80-200 ms per key.
 *
 * The hard part is the first key: when it arrives nothing says a scanner sent it, and by the
 * time the second key shows it, a shortcut ("j" moving a list's cursor, "g" starting a
 * sequence) would already have run. So a key that could begin a code, pressed while the focus
 * is not in a field, is held back ("stop") and kept; the next key a few ms later makes the run
 * a burst, and the terminator turns it into a code. If nothing follows within the hold, the
 * held keys are given back ("replay") in order, to run as the person meant. In a field the
 * keys go in as typed (a person typing must never wait) and the field is put back when the
 * run turns out to be a scan (use-scanner-listener.ts).
 *
 * Gaps between keys are judged by the events' own timestamps, never by when the handler ran:
 * when the main thread is busy the keys arrive late and bunched but keep the times the system
 * gave them. A hold, though, ends only once the page itself has waited the gap since it last
 * got a key, and has been free (`tick` called on time, every `pollMs`) for `quietMs` of it: a
 * key still queued behind a busy stretch is read as soon as the page is free, so held keys
 * are never given up while a scanner's next key may be waiting. (Measured: under ~50 ms busy
 * loops, keys stamped 10 ms apart reached the page up to 140 ms apart, one per free moment.)
 *
 * A configured prefix (a key a person never types, like F13) starts a code whatever the
 * timing, and a configured suffix ends one: when set they are the surest signal and win.
 */
import type { KeyChord } from './scan-keys';
import { matchesChord } from './scan-keys';

export interface BurstOptions {
  /** The most a scanner waits between its first and second key: the hold (ms). */
  holdMs: number;
  /** A longer pause between two later keys ends the run (ms). */
  maxGapMs: number;
  /** A run is a scan when its average gap is at most this (ms): no person sustains it. */
  maxAverageGapMs: number;
  /** Shorter runs are not scans (a person's quick "ok" + Enter is not one). */
  minLength: number;
  /** In a field, a run must be at least this long to be taken out as a scan. */
  minInFieldLength: number;
  /** Longer input is not a code (a stuck key, a pasted document): given back. */
  maxLength: number;
  /**
   * How long a run that is already a code (scanner-fast, minLength or more) waits for its
   * next key or terminator before it is taken without one (ms). Long: scanners send a
   * terminator, and a loaded system was seen handing one key over 400 ms late.
   */
  scanEndMs: number;
  /** How long two scanner-fast keys wait for a third (ms). */
  fastPairMs: number;
  /** At most this much more waiting for a key that reached the page late (ms). */
  lagAllowanceMs: number;
  /** How often `tick` is called while a run waits (ms). */
  pollMs: number;
  /** A tick later than pollMs + this found the page busy (ms). */
  pollSlackMs: number;
  /** A run ends only after the page was free this long without a key (ms). */
  quietMs: number;
  /** After a prefix, the code ends when no key came for this long (ms). */
  prefixTimeoutMs: number;
  prefix: KeyChord | null;
  suffix: KeyChord | null;
}

/**
 * Scanners send 2-30 ms per key. The hold (a person's plain key waits this long before it
 * runs) stays under what a person notices; later gaps may stretch further on a loaded machine
 * as long as the average stays scanner-like.
 */
export const DEFAULT_BURST: BurstOptions = {
  holdMs: 60,
  maxGapMs: 80,
  maxAverageGapMs: 35,
  minLength: 3,
  minInFieldLength: 5,
  maxLength: 100,
  scanEndMs: 1500,
  fastPairMs: 400,
  lagAllowanceMs: 300,
  pollMs: 10,
  pollSlackMs: 6,
  quietMs: 30,
  prefixTimeoutMs: 1500,
  prefix: null,
  suffix: null,
};

/** One key press as the machine sees it. */
export interface KeyIn {
  /** KeyboardEvent.key and .code. */
  key: string;
  code: string;
  /** When the system saw the key (KeyboardEvent.timeStamp, ms). */
  at: number;
  /** When the page got to it (performance.now(), ms). */
  now: number;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  shift: boolean;
  /** AltGr held: ctrl+alt there types a character (an "@" on a German keyboard). */
  altGraph: boolean;
  repeat: boolean;
  composing: boolean;
  /**
   * Where the focus is: null when it is not in a field (a list, a grid, a button, the page:
   * keys may be held), else the field itself (keys go in as typed). A field that takes scans
   * as typing (the scan bar) is `scanField`.
   */
  field: object | null;
  scanField: boolean;
}

export interface ScanOut {
  code: string;
  /** The field the code was typed into (to put back), or null. */
  field: object | null;
}

export interface Decision<T> {
  /** Held keys to give back first, in the order they were typed. */
  replay: T[];
  /** What to do with this key: let it go on, or stop it (held, or part of a code). */
  action: 'pass' | 'stop';
  /** A code this key ended. */
  scan?: ScanOut;
  /** This key begins a run in a field: remember the field as it was before it. */
  started?: boolean;
}

export interface TickOut<T> {
  replay: T[];
  scan?: ScanOut;
}

interface Run<T> {
  field: object | null;
  chars: string[];
  ats: number[];
  held: T[];
  lastNow: number;
  /** Begun by the prefix: ends at the suffix, a terminator or a pause, whatever the speed. */
  prefixed: boolean;
}

const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS']);
const isTerminator = (k: KeyIn) =>
  (k.key === 'Enter' || k.key === 'Tab') && !k.ctrl && !k.alt && !k.meta && !k.shift;
const isChar = (k: KeyIn) =>
  k.key.length === 1 && !k.repeat && !k.meta && (k.altGraph || (!k.ctrl && !k.alt));

export class BurstMachine<T> {
  private run: Run<T> | null = null;
  /** A code already taken (by the suffix or a pause): its Enter up to this time is its own. */
  private trailingUntil = Number.NEGATIVE_INFINITY;
  /** When the page last got a key or ticked, and how long it has been free since a key. */
  private lastTick = 0;
  private freeMs = 0;
  private options: BurstOptions;

  constructor(options: Partial<BurstOptions> = {}) {
    this.options = { ...DEFAULT_BURST, ...options };
  }

  /** New prefix/suffix (Settings changed): a run under way carries on under them. */
  setKeys(keys: Pick<BurstOptions, 'prefix' | 'suffix'>): void {
    this.options = { ...this.options, ...keys };
  }

  /** One key press; `payload` is what is given back if it is replayed (the event). */
  feed(k: KeyIn, payload: T): Decision<T> {
    const o = this.options;
    this.lastTick = k.now;
    this.freeMs = 0;
    if (MODIFIERS.has(k.key)) return { replay: [], action: 'pass' };
    if (k.composing) return { replay: this.giveBack(), action: 'pass' };
    if (o.prefix && matchesChord(o.prefix, k)) {
      const before = this.endRun();
      this.run = {
        field: k.field,
        chars: [],
        ats: [k.at],
        held: [],
        lastNow: k.now,
        prefixed: true,
      };
      return { ...before, action: 'stop' };
    }
    const run = this.run;
    if (run?.prefixed) return this.feedPrefixed(run, k);
    if (o.suffix && matchesChord(o.suffix, k)) {
      // The suffix ends whatever run came before it: it is the scanner's own mark.
      if (!run || run.chars.length === 0) return { replay: this.giveBack(), action: 'stop' };
      return { replay: [], action: 'stop', scan: this.take(run, k.at) };
    }
    if (isTerminator(k)) {
      if (k.at <= this.trailingUntil) {
        this.trailingUntil = Number.NEGATIVE_INFINITY;
        return { replay: [], action: 'stop' };
      }
      if (run && k.at - last(run.ats) <= o.maxGapMs && this.looksScanned(run)) {
        return { replay: [], action: 'stop', scan: this.take(run, k.at) };
      }
      return { replay: this.giveBack(), action: 'pass' };
    }
    // A space in a list or on a button presses it (a default a replay cannot do): not held.
    if (!isChar(k) || k.scanField || (k.field === null && k.key === ' ')) {
      this.trailingUntil = Number.NEGATIVE_INFINITY;
      return { replay: this.giveBack(), action: 'pass' };
    }
    // A new key: an Enter after it ends its own run, not the code before.
    this.trailingUntil = Number.NEGATIVE_INFINITY;
    let replay: T[] = [];
    if (run && (run.field !== k.field || k.at - last(run.ats) > this.gapFor(run))) {
      replay = this.giveBack();
    }
    const current = this.run;
    if (current) {
      current.chars.push(k.key);
      current.ats.push(k.at);
      current.lastNow = k.now;
      if (current.field === null) current.held.push(payload);
      if (current.chars.length > o.maxLength) {
        // Not a code we look up: the keys go on as typed, in order.
        return { replay: [...replay, ...this.giveBack()], action: 'pass' };
      }
      return { replay, action: current.field === null ? 'stop' : 'pass' };
    }
    this.run = {
      field: k.field,
      chars: [k.key],
      ats: [k.at],
      held: k.field === null ? [payload] : [],
      lastNow: k.now,
      prefixed: false,
    };
    return k.field === null
      ? { replay, action: 'stop' }
      : { replay, action: 'pass', started: true };
  }

  /** When `tick` should next be called (performance.now() time), or null: nothing waits. */
  nextTick(): number | null {
    return this.run ? this.lastTick + this.options.pollMs : null;
  }

  /** The earliest time the run may end (performance.now() time), or null: nothing waits. */
  deadline(): number | null {
    const run = this.run;
    if (!run) return null;
    // A run already scanner-fast can only be a scanner's: it waits longer for its next key or
    // its Enter (a loaded system may hand them over late) and costs a person nothing.
    const o = this.options;
    const wait = run.prefixed
      ? o.prefixTimeoutMs
      : run.field === null && this.looksScanned(run)
        ? o.scanEndMs
        : run.field === null && this.fastSoFar(run)
          ? o.fastPairMs
          : this.gapFor(run);
    // A key that reached the page late says the next one may be as late: wait that much
    // more (on an idle page the lag is a few ms, so a person's key is not kept waiting).
    const lastAt = last(run.ats);
    const lag = Math.min(o.lagAllowanceMs, Math.max(0, run.lastNow - lastAt));
    // From when the page got the last key (never earlier than its stamp): a backlog of late
    // keys keeps the run open as long as they keep coming.
    return Math.max(lastAt, run.lastNow) + wait + lag;
  }

  /**
   * Time passed (called every pollMs while a run waits): a run nothing followed ends, given
   * back or as a code without terminator, once its gap is over and the page has been free
   * long enough to have read any key queued behind a busy stretch. `inputPending`: the
   * browser says input is waiting (navigator.scheduling.isInputPending), so not free.
   */
  tick(now: number, inputPending = false): TickOut<T> {
    const run = this.run;
    const due = this.deadline();
    if (!run || due === null) return { replay: [] };
    const since = now - this.lastTick;
    const onTime = since <= this.options.pollMs + this.options.pollSlackMs && !inputPending;
    this.freeMs = onTime ? this.freeMs + Math.max(0, since) : 0;
    this.lastTick = now;
    if (now < due || this.freeMs < this.options.quietMs) return { replay: [] };
    if (run.prefixed || (run.field === null && this.looksScanned(run))) {
      // A scanner set to send no terminator, or one whose Enter is late: the code is taken
      // now, and an Enter stamped right after it is swallowed as its own.
      this.run = null;
      if (run.chars.length === 0) return { replay: [] };
      return { replay: [], scan: this.take(run, last(run.ats)) };
    }
    return { replay: this.giveBack() };
  }

  /** Ends any run now, giving its held keys back (the listener is going away). */
  flush(): T[] {
    return this.giveBack();
  }

  /** True while keys are held or a run is under way. */
  get busy(): boolean {
    return this.run !== null;
  }

  private feedPrefixed(run: Run<T>, k: KeyIn): Decision<T> {
    const o = this.options;
    const ends = isTerminator(k) || (o.suffix !== null && matchesChord(o.suffix, k));
    if (ends) {
      this.run = null;
      if (run.chars.length === 0) return { replay: [], action: 'stop' };
      return { replay: [], action: 'stop', scan: this.take(run, k.at) };
    }
    if (isChar(k) && run.chars.length < o.maxLength) {
      run.chars.push(k.key);
      run.ats.push(k.at);
      run.lastNow = k.now;
      return { replay: [], action: 'stop' };
    }
    // Something a scanner does not send (an arrow, Escape): what came is the code; the key
    // is the person's.
    this.run = null;
    if (run.chars.length === 0) return { replay: [], action: 'pass' };
    return { replay: [], action: 'pass', scan: this.take(run, k.at) };
  }

  private gapFor(run: Run<T>): number {
    return run.chars.length <= 1 ? this.options.holdMs : this.options.maxGapMs;
  }

  /** Two keys or more, scanner-fast: no person types like that, whatever comes next. */
  private fastSoFar(run: Run<T>): boolean {
    if (run.ats.length < 2) return false;
    const average = (last(run.ats) - (run.ats[0] ?? 0)) / (run.ats.length - 1);
    return average <= this.options.maxAverageGapMs;
  }

  private looksScanned(run: Run<T>): boolean {
    const o = this.options;
    const min = run.field === null ? o.minLength : Math.max(o.minLength, o.minInFieldLength);
    if (run.chars.join('').trim().length < min || run.ats.length < 2) return false;
    const average = (last(run.ats) - (run.ats[0] ?? 0)) / (run.ats.length - 1);
    return average <= o.maxAverageGapMs;
  }

  /** Ends the run as a code; an Enter/Tab stamped within a gap of `endAt` is its own. */
  private take(run: Run<T>, endAt: number): ScanOut {
    this.run = null;
    this.trailingUntil = endAt + this.options.maxGapMs;
    return { code: run.chars.join('').trim(), field: run.field };
  }

  /** Ends the run without a code: what it held goes back, in order. */
  private giveBack(): T[] {
    const held = this.run?.held ?? [];
    this.run = null;
    return held;
  }

  /** Before a prefix: a prefixed run that was under way ends as a code; a plain one is given back. */
  private endRun(): { replay: T[]; scan?: ScanOut } {
    const run = this.run;
    if (run?.prefixed && run.chars.length > 0)
      return { replay: [], scan: this.take(run, last(run.ats)) };
    return { replay: this.giveBack() };
  }
}

function last(values: readonly number[]): number {
  return values[values.length - 1] ?? Number.NEGATIVE_INFINITY;
}
