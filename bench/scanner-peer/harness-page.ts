/**
 * The scanner bench's page (bundled by scanner-bench.ts and run in Chromium): a list of rows
 * whose keys are the console's (j/k move the cursor, Enter opens the active row), the other
 * plain-key shortcuts a code may start with (d m n c p s r x, "/" to search, "g" sequences),
 * bound with tinykeys as the console's shortcut layer binds them, and one scanner listener:
 * the console's (`new`: every shortcut runs as its key comes, the listener holds what may
 * begin a code) or the one before it (`old`: j/k at once, other plain letters held 90 ms and
 * cancelled by the burst's second key). What each code did is kept in `window.__bench`.
 */
import { createKeybindingsHandler } from 'tinykeys';
import { flushHeldShortcut, holdShortcut } from './old-held-shortcut';

export interface BenchState {
  codes: string[];
  shortcuts: string[];
  opens: number;
}

type Install = (onScan: (code: string) => void) => void;

const ROWS = 30;
const LETTERS = ['d', 'm', 'n', 'c', 'p', 's', 'r', 'x'];

export function startHarness(variant: 'old' | 'new', install: Install): void {
  const state: BenchState = { codes: [], shortcuts: [], opens: 0 };
  (window as Window & { __bench?: BenchState }).__bench = state;
  document.body.innerHTML = '';
  const search = document.createElement('input');
  search.setAttribute('aria-label', 'Search');
  document.body.append(search);
  const list = document.createElement('div');
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const row = document.createElement('div');
    row.tabIndex = i === 0 ? 0 : -1;
    row.dataset.listRow = '';
    row.textContent = `Return RMA-${1000 + i}`;
    list.append(row);
    return row;
  });
  document.body.append(list);
  let active = 0;
  const move = (delta: number) => {
    active = Math.max(0, Math.min(ROWS - 1, active + delta));
    rows[active]?.focus();
  };
  rows[0]?.focus();

  const typing = (target: EventTarget | null) =>
    target instanceof Element && target.closest('input, textarea, select') !== null;
  const bind =
    (id: string, run: () => void, immediate = false) =>
    (event: KeyboardEvent) => {
      if (event.defaultPrevented || typing(event.target)) return;
      event.preventDefault();
      const go = () => {
        state.shortcuts.push(id);
        run();
      };
      // The old layer held a plain letter's shortcut unless it only moved through the list.
      const plain = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (variant === 'old' && plain && !immediate) holdShortcut(go);
      else {
        if (variant === 'old') flushHeldShortcut();
        go();
      }
    };
  const bindings: Record<string, (event: KeyboardEvent) => void> = {
    j: bind('next row', () => move(1), true),
    k: bind('previous row', () => move(-1), true),
    Enter: bind('open row', () => {
      state.opens += 1;
    }),
    '/': bind('search', () => search.focus()),
    'g o': bind('go orders', () => undefined),
    'g r': bind('go returns', () => undefined),
    'g i': bind('go inventory', () => undefined),
  };
  for (const letter of LETTERS) bindings[letter] = bind(`letter ${letter}`, () => undefined);
  window.addEventListener('keydown', createKeybindingsHandler(bindings));
  install((code) => state.codes.push(code));
}
