/**
 * A barcode scanner as the browser gets one: real key events through the DevTools protocol
 * (Input.dispatchKeyEvent), trusted, typing into fields as keys do, each stamped with the time
 * the scanner sent it (Chromium gives that stamp to KeyboardEvent.timeStamp). They are sent
 * without waiting for the page: when its main thread is busy they queue and arrive late and
 * bunched, keeping their stamps, which is what a USB scanner does to a busy renderer.
 * (page.keyboard waits for each key to be handled, so a busy page stretches the gaps.)
 *
 * Used by the scanner's browser suite and the pack-station bench.
 */
import type { Page } from '@playwright/test';
import { type ProtocolCommands, pageSocket } from './page-socket';

/** A key the scanner sends: a character, or a named key/chord ("Enter", "Tab", "F13", "Ctrl+]"). */
export type ScannerKey = string;

interface KeyParams {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text?: string;
  modifiers: number;
}

const CTRL = 2;
const SHIFT = 8;

const NAMED: Record<string, Omit<KeyParams, 'modifiers'>> = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 },
  F13: { key: 'F13', code: 'F13', windowsVirtualKeyCode: 124 },
  'Ctrl+]': { key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221 },
};

const PUNCTUATION: Record<string, [code: string, vk: number, shifted: boolean]> = {
  '/': ['Slash', 191, false],
  '-': ['Minus', 189, false],
  '.': ['Period', 190, false],
  '#': ['Digit3', 51, true],
};

function paramsOf(key: ScannerKey): KeyParams {
  const named = NAMED[key];
  if (named) return { ...named, modifiers: key.startsWith('Ctrl+') ? CTRL : 0 };
  if (/^[A-Z]$/.test(key)) {
    return {
      key,
      code: `Key${key}`,
      windowsVirtualKeyCode: key.charCodeAt(0),
      text: key,
      modifiers: SHIFT,
    };
  }
  if (/^[a-z]$/.test(key)) {
    const upper = key.toUpperCase();
    return {
      key,
      code: `Key${upper}`,
      windowsVirtualKeyCode: upper.charCodeAt(0),
      text: key,
      modifiers: 0,
    };
  }
  if (/^[0-9]$/.test(key)) {
    return {
      key,
      code: `Digit${key}`,
      windowsVirtualKeyCode: key.charCodeAt(0),
      text: key,
      modifiers: 0,
    };
  }
  const p = PUNCTUATION[key];
  if (!p) throw new Error(`The scanner cannot send “${key}”.`);
  return { key, code: p[0], windowsVirtualKeyCode: p[1], text: key, modifiers: p[2] ? SHIFT : 0 };
}

/** Milliseconds since the epoch, fractional: the clock Chromium's event timestamps are read against. */
const epochMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface BurstOptions {
  /** Milliseconds between one key and the next, drawn per key from [min, max]. */
  gapMs: [min: number, max: number];
  /** Sent before the code (a configured prefix such as "F13"). */
  prefix?: ScannerKey;
  /** Sent after the code; "Enter" unless given (null: nothing). */
  terminator?: ScannerKey | null;
  /** Random numbers in [0, 1) (a seeded generator keeps a run repeatable). */
  random?: () => number;
}

export class CdpScanner {
  private pending: Promise<unknown>[] = [];

  private constructor(private readonly session: ProtocolCommands) {}

  /**
   * A scanner on the page. With `debuggingPort` (the browser listens there), its keys go over
   * a DevTools socket of its own (page-socket.ts: a test's thousands of keys are not API
   * calls of the test); without, over Playwright's CDPSession (the benches, outside a test).
   */
  static async attach(page: Page, options: { debuggingPort?: number } = {}): Promise<CdpScanner> {
    if (options.debuggingPort !== undefined) {
      return new CdpScanner(await pageSocket(page, options.debuggingPort));
    }
    const session = await page.context().newCDPSession(page);
    return new CdpScanner({
      send: (method, params) =>
        session.send(method as 'Input.dispatchKeyEvent', params as never) as Promise<unknown>,
      detach: () => session.detach(),
    });
  }

  /**
   * The keys of `code` as a scanner sends them, delivered late and bunched: the whole code
   * goes at once, each key stamped with when it left the scanner (the last one now, the
   * others earlier by the drawn gaps), as a busy system hands a burst over. Sending each key
   * at its own moment from here would measure this process instead: on the loaded test
   * machine (load average 22 on 2 cores) it was up to 190 ms late between two keys, a pause
   * no scanner makes. Resolves once the keys are sent (settle() waits for the page).
   */
  async scan(code: string, options: BurstOptions): Promise<void> {
    const random = options.random ?? Math.random;
    const keys: ScannerKey[] = [
      ...(options.prefix ? [options.prefix] : []),
      ...code,
      ...(options.terminator === null ? [] : [options.terminator ?? 'Enter']),
    ];
    const [min, max] = options.gapMs;
    const offsets = [0];
    for (let i = 1; i < keys.length; i++)
      offsets.push(offsets[i - 1]! + min + random() * (max - min));
    const total = offsets[offsets.length - 1] ?? 0;
    // Wait while the scanner types, so consecutive codes are as far apart as real ones.
    await sleep(total);
    const end = epochMs();
    // Not waited for: the next code may follow while the page is still behind, as parcels
    // do; settle() waits for every key sent.
    this.pending.push(...keys.flatMap((key, i) => this.press(key, end - total + offsets[i]!)));
  }

  /** Resolves once the page has taken every key sent so far. */
  async settle(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending);
  }

  /** One key, now (a key Playwright's keyboard does not know, such as F13). */
  async key(key: ScannerKey): Promise<void> {
    await Promise.all(this.press(key, epochMs()));
  }

  /** The keydown, stamped `at` (ms since the epoch); not awaited, so they can queue. */
  private press(key: ScannerKey, at: number): Promise<unknown>[] {
    const p = paramsOf(key);
    const common = {
      key: p.key,
      code: p.code,
      windowsVirtualKeyCode: p.windowsVirtualKeyCode,
      nativeVirtualKeyCode: p.windowsVirtualKeyCode,
      modifiers: p.modifiers,
    };
    // The keydown alone: the page reads only keydowns, and a keyup per key would double the
    // protocol's traffic (the browser hands input over one event at a time).
    return [
      this.session.send('Input.dispatchKeyEvent', {
        ...common,
        type: p.text ? 'keyDown' : 'rawKeyDown',
        ...(p.text ? { text: p.text, unmodifiedText: p.text } : {}),
        timestamp: at / 1000,
      }),
    ];
  }

  async detach(): Promise<void> {
    await this.settle().catch(() => undefined);
    await this.session.detach().catch(() => undefined);
  }
}
