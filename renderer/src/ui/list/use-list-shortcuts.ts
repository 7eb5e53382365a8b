/**
 * A list's keys, through the shortcut registry (so they are on the shortcut sheet and ignored
 * while typing): j/k move the active row, Enter opens it, and whatever else the view does to
 * the active row (x selects an order, p prints its label). The registry cancels the default
 * action of every key it owns, so when Enter was meant for a button or link elsewhere in the
 * view (not a row of the list, not the page itself), that control is clicked as the browser
 * would have done.
 */
import type { Shortcut } from '../shortcuts/shortcut-store';
import { useShortcuts } from '../shortcuts/use-shortcuts';
import { LIST_ROW } from './list-row';
import type { ListCursor } from './use-list-cursor';

/** Another key on the active row. */
export interface RowKey<T> {
  /** The part after the group's prefix: "select" gives "orders.select". */
  id: string;
  keys: readonly string[];
  label: string;
  run(row: T): void;
}

export interface ListKeys<T> {
  /** The sheet's section, and the ids' prefix: "Orders" gives "orders.next-row". */
  group: string;
  cursor: ListCursor;
  rows: readonly T[];
  open(row: T): void;
  /** What Enter does, on the sheet: "Open the order" (default "Open the row"). */
  openLabel?: string;
  rowKeys?: readonly RowKey<T>[];
}

/** True when Enter should open the active row: focus is on a row, or on nothing in particular. */
export function enterIsForList(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body) return true;
  return target.closest(`[${LIST_ROW}]`) !== null;
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

export function useListShortcuts<T>(keys: ListKeys<T>): void {
  const { group, cursor, rows } = keys;
  const prefix = group.toLowerCase().replace(/\s+/g, '-');
  const active = (): T | undefined => rows[cursor.activeIndex];
  const shortcuts: Shortcut[] = [
    {
      id: `${prefix}.next-row`,
      keys: ['j'],
      label: 'Next row',
      group,
      run: () => cursor.moveBy(1),
    },
    {
      id: `${prefix}.previous-row`,
      keys: ['k'],
      label: 'Previous row',
      group,
      run: () => cursor.moveBy(-1),
    },
    {
      id: `${prefix}.open`,
      keys: ['Enter'],
      label: keys.openLabel ?? 'Open the row',
      group,
      run: (event) => {
        if (!enterIsForList(event.target)) activateDefault(event.target);
        else {
          const row = active();
          if (row !== undefined) keys.open(row);
        }
      },
    },
    ...(keys.rowKeys ?? []).map((key) => ({
      id: `${prefix}.${key.id}`,
      keys: key.keys,
      label: key.label,
      group,
      run: () => {
        const row = active();
        if (row !== undefined) key.run(row);
      },
    })),
  ];
  useShortcuts(shortcuts);
}
