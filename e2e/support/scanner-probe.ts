/**
 * What the scanner's browser suite and the pack-station bench watch in the page while a
 * scanner types into it: every code the console's scanner listener announced (and took away
 * from the router, so a thousand random codes cost no lookups), every shortcut run, the
 * address, the focused element, and random stretches of a busy main thread (~50 ms loops).
 * Each function runs inside the page through page.evaluate: self-contained, no imports.
 */
import type { Page } from '@playwright/test';

export interface ProbeReading {
  codes: string[];
  shortcuts: string[];
  hash: string;
  dialogs: number;
  /** A description of the focused element, to tell that no list cursor moved. */
  focused: string;
  /** The focused field's value, if the focus is in a field. */
  fieldValue: string | null;
  busyLoops: number;
}

/** Starts watching: codes are taken (not routed) unless `route` is true. */
export async function startProbe(page: Page, options: { route?: boolean } = {}): Promise<void> {
  await page.evaluate((route) => {
    type Probe = { codes: string[]; shortcuts: string[]; stop: () => void; busyLoops: number };
    const w = window as Window & { __scanProbe?: Probe };
    w.__scanProbe?.stop();
    const probe: Probe = { codes: [], shortcuts: [], stop: () => undefined, busyLoops: 0 };
    const onScan = (e: Event) => {
      probe.codes.push((e as CustomEvent<{ code: string }>).detail.code);
      if (!route) e.preventDefault();
    };
    const onShortcut = (e: Event) => {
      probe.shortcuts.push((e as CustomEvent<{ id: string }>).detail.id);
    };
    window.addEventListener('packbench-scan', onScan);
    window.addEventListener('packbench-shortcut', onShortcut);
    probe.stop = () => {
      window.removeEventListener('packbench-scan', onScan);
      window.removeEventListener('packbench-shortcut', onShortcut);
    };
    w.__scanProbe = probe;
  }, options.route ?? false);
}

/**
 * Makes the page's main thread busy for ~50 ms at random moments (about a third of the time):
 * the pack-station bench's steady load.
 */
export function startBusyLoops(page: Page, seed: number): Promise<void> {
  return startBusy(page, seed, 'steady');
}

/**
 * Makes the page's main thread busy ~50 ms at random where a scan meets it: when the first key
 * of a code arrives, one code in two, a spell starts (in that key's own handling, as a slow
 * handler would, or in a task a few ms later, behind which the rest of the code queues); and
 * between codes a spell every 0.5-1.5 s, which a code may start in. The scanner suite's pages:
 * startBusyLoops' steady third of the time was mostly spent while the scanner was still
 * "typing" (its keys go at once at the code's end), ~140 s of a core per 1,000-code run beside
 * Vitest for no key in flight; this is ~50 s, with a spell on or just before half the codes.
 */
export function startBusyAtScans(page: Page, seed: number): Promise<void> {
  return startBusy(page, seed, 'at-scans');
}

async function startBusy(page: Page, seed: number, mode: 'steady' | 'at-scans'): Promise<void> {
  await page.evaluate(
    ([s, atScans]) => {
      type Probe = { busyLoops: number; stopBusy?: () => void };
      const w = window as Window & { __scanProbe?: Probe };
      let state = s >>> 0;
      const random = () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const spell = () => {
        const until = performance.now() + 40 + random() * 20;
        while (performance.now() < until) {
          // Busy: the page's main thread does nothing else meanwhile.
        }
        if (w.__scanProbe) w.__scanProbe.busyLoops += 1;
      };
      let lastKey = 0;
      const onKey = () => {
        const now = performance.now();
        const first = now - lastKey > 60;
        lastKey = now;
        if (!first || random() >= 0.5) return;
        if (random() < 0.5) spell();
        else setTimeout(spell, random() * 15);
      };
      if (atScans) window.addEventListener('keydown', onKey, true);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const next = () => {
        // Steady: a spell after 0-200 ms, a third of the time busy; at scans: now and then.
        const wait = atScans ? 500 + random() * 1000 : random() * 200;
        timer = setTimeout(() => {
          spell();
          next();
        }, wait);
      };
      next();
      if (w.__scanProbe) {
        w.__scanProbe.stopBusy = () => {
          clearTimeout(timer);
          window.removeEventListener('keydown', onKey, true);
        };
      }
    },
    [seed, mode === 'at-scans'] as const,
  );
}

export async function stopBusyLoops(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __scanProbe?: { stopBusy?: () => void } }).__scanProbe?.stopBusy?.();
  });
}

export async function readProbe(page: Page): Promise<ProbeReading> {
  return page.evaluate(() => {
    type Probe = { codes: string[]; shortcuts: string[]; busyLoops: number };
    const probe = (window as Window & { __scanProbe?: Probe }).__scanProbe;
    const el = document.activeElement as HTMLElement | null;
    const describe = (e: HTMLElement | null) => {
      if (!e || e === document.body) return 'body';
      const attrs = ['data-list-row', 'data-index', 'data-order-id', 'data-return-id', 'id', 'name']
        .map((a) => (e.hasAttribute(a) ? `${a}=${e.getAttribute(a)}` : ''))
        .filter(Boolean)
        .join(' ');
      return `${e.tagName.toLowerCase()} ${attrs} ${(e.textContent ?? '').slice(0, 40)}`.trim();
    };
    const field =
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : null;
    return {
      codes: probe?.codes ?? [],
      shortcuts: probe?.shortcuts ?? [],
      hash: window.location.hash,
      dialogs: document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length,
      focused: describe(el),
      fieldValue: field,
      busyLoops: probe?.busyLoops ?? 0,
    };
  });
}

/** A seeded random number generator (mulberry32), so a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHORTCUT_STARTS = 'jkdgmncpsrx/';
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random code as labels carry them: letters and digits (sometimes a "-"), 6-14 long, two
 * in three starting with a key that is a shortcut somewhere (j k d g m n c p s r x /), in
 * either case.
 */
export function randomCode(random: () => number): string {
  const pick = (s: string) => s[Math.floor(random() * s.length)]!;
  const length = 6 + Math.floor(random() * 9);
  let code = '';
  if (random() < 2 / 3) {
    const first = pick(SHORTCUT_STARTS);
    code += random() < 0.5 ? first.toUpperCase() : first;
    if (random() < 0.3) code += code; // "JJD…", "kk…": a repeated shortcut letter
  }
  while (code.length < length) code += random() < 0.05 && code.length > 2 ? '-' : pick(CHARS);
  return code;
}
