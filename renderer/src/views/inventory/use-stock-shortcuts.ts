/**
 * The stock grid's keys, through the shortcut registry (so they appear on the shortcut sheet
 * and are ignored while typing): j/k move the active row, Enter opens its product's stock.
 * The registry cancels the default action of every key it owns, so when Enter was meant for
 * a button or link elsewhere in the view, that control is clicked as the browser would have.
 */
import type { Shortcut } from '../../features/shortcuts/shortcut-store';
import { useShortcuts } from '../../features/shortcuts/use-shortcuts';

export interface StockKeyActions {
  rowCount: number;
  activeIndex: number;
  move(index: number): void;
  open(index: number): void;
}

/** True when Enter should open the active row: focus is on a row, or on nothing in particular. */
export function enterIsForStockGrid(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body) return true;
  return target.matches('tr[data-stock-row]');
}

function activateDefault(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement)) return;
  const role = target.getAttribute('role');
  if (role === 'checkbox' || role === 'radio' || role === 'switch') return;
  if (target.matches('button, a[href], summary, [role="button"], [role="link"]')) target.click();
}

export function useStockShortcuts(actions: StockKeyActions): void {
  const { rowCount, activeIndex } = actions;
  const clamp = (i: number) => Math.max(0, Math.min(rowCount - 1, i));
  const shortcuts: Shortcut[] = [
    {
      id: 'inventory.next-row',
      keys: ['j'],
      label: 'Next row',
      group: 'Inventory',
      run: () => rowCount > 0 && actions.move(clamp(activeIndex + 1)),
    },
    {
      id: 'inventory.previous-row',
      keys: ['k'],
      label: 'Previous row',
      group: 'Inventory',
      run: () => rowCount > 0 && actions.move(clamp(activeIndex - 1)),
    },
    {
      id: 'inventory.open',
      keys: ['Enter'],
      label: 'Open the product’s stock',
      group: 'Inventory',
      run: (event) => {
        if (!enterIsForStockGrid(event.target)) activateDefault(event.target);
        else if (rowCount > 0) actions.open(clamp(activeIndex));
      },
    },
  ];
  useShortcuts(shortcuts);
}
