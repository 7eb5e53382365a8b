/**
 * The grid's keys, through the shortcut registry (so they appear on the shortcut sheet and
 * are ignored while typing): j/k move the active row, Enter opens it, x selects it, p prints
 * its label. The registry cancels the default action of every key it owns, so Enter on a
 * button elsewhere in the view would stop working: when Enter was not meant for the grid,
 * the pressed button or link is clicked as the browser would have done.
 * "p" is also the end of "g p" (go to Print queue): a p right after a g is that sequence,
 * never a print.
 */
import { useEffect } from 'react';
import type { Shortcut } from '../../features/shortcuts/shortcut-store';
import { useShortcuts } from '../../features/shortcuts/use-shortcuts';

export interface GridKeyActions {
  rowCount: number;
  activeIndex: number;
  move(index: number): void;
  open(index: number): void;
  toggle(index: number): void;
  print(index: number): void;
}

/** True when Enter should open the active row: focus is on a row, or on nothing in particular. */
export function enterIsForGrid(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body) return true;
  return target.closest('tr[data-order-id]') !== null;
}

function activateDefault(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement)) return;
  // Checkboxes and radios take Space, not Enter (as their ARIA pattern says).
  const role = target.getAttribute('role');
  if (role === 'checkbox' || role === 'radio' || role === 'switch') return;
  if (target.matches('button, a[href], summary, [role="button"], [role="tab"], [role="link"]')) {
    target.click();
  }
}

/** The key before the current one, with when it was pressed (recorded in the capture phase). */
const keys = { previous: { key: '', at: 0 }, current: { key: '', at: 0 } };
/** tinykeys' own sequence timeout. */
const SEQUENCE_MS = 1000;

export function isAfterG(now = performance.now()): boolean {
  return keys.previous.key === 'g' && now - keys.previous.at < SEQUENCE_MS;
}

function useKeyHistory(): void {
  useEffect(() => {
    const record = (event: KeyboardEvent) => {
      keys.previous = keys.current;
      keys.current = { key: event.key, at: performance.now() };
    };
    window.addEventListener('keydown', record, true);
    return () => window.removeEventListener('keydown', record, true);
  }, []);
}

export function useGridShortcuts(actions: GridKeyActions): void {
  useKeyHistory();
  const { rowCount, activeIndex } = actions;
  const clamp = (i: number) => Math.max(0, Math.min(rowCount - 1, i));
  const shortcuts: Shortcut[] = [
    {
      id: 'orders.next-row',
      keys: ['j'],
      label: 'Next row',
      group: 'Orders',
      run: () => rowCount > 0 && actions.move(clamp(activeIndex + 1)),
    },
    {
      id: 'orders.previous-row',
      keys: ['k'],
      label: 'Previous row',
      group: 'Orders',
      run: () => rowCount > 0 && actions.move(clamp(activeIndex - 1)),
    },
    {
      id: 'orders.open',
      keys: ['Enter'],
      label: 'Open the order',
      group: 'Orders',
      run: (event) => {
        if (!enterIsForGrid(event.target)) activateDefault(event.target);
        else if (rowCount > 0) actions.open(clamp(activeIndex));
      },
    },
    {
      id: 'orders.select',
      keys: ['x'],
      label: 'Select or clear the row',
      group: 'Orders',
      run: () => rowCount > 0 && actions.toggle(clamp(activeIndex)),
    },
    {
      id: 'orders.print-label',
      keys: ['p'],
      label: 'Print the row’s label',
      group: 'Orders',
      run: () => rowCount > 0 && !isAfterG() && actions.print(clamp(activeIndex)),
    },
  ];
  useShortcuts(shortcuts);
}
