/**
 * j/k/Enter for the lists of issue 6 (returns, tracking events), through the shortcut
 * registry so they show on the shortcut sheet and are ignored while typing. The registry
 * cancels the default of every key it owns, so an Enter not meant for the list (on a button
 * or link elsewhere in the view) is passed on as the browser would have done.
 */
import { useShortcuts } from '../shortcuts/use-shortcuts';

export interface ListKeyActions {
  /** The sheet's section and the shortcut id prefix: "Returns". */
  group: string;
  rowCount: number;
  activeIndex: number;
  move(index: number): void;
  open(index: number): void;
}

/** True when Enter should open the active row: focus is on a row, or on nothing in particular. */
export function enterIsForList(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body) return true;
  return target.closest('tr[data-row]') !== null;
}

function activateDefault(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement)) return;
  const role = target.getAttribute('role');
  if (role === 'checkbox' || role === 'radio' || role === 'switch') return;
  if (target.matches('button, a[href], summary, [role="button"], [role="tab"], [role="link"]')) {
    target.click();
  }
}

export function useListShortcuts(actions: ListKeyActions): void {
  const { group, rowCount, activeIndex } = actions;
  const prefix = group.toLowerCase().replace(/\s+/g, '-');
  const clamp = (i: number) => Math.max(0, Math.min(rowCount - 1, i));
  useShortcuts([
    {
      id: `${prefix}.next-row`,
      keys: ['j'],
      label: 'Next row',
      group,
      run: () => rowCount > 0 && actions.move(clamp(activeIndex + 1)),
    },
    {
      id: `${prefix}.previous-row`,
      keys: ['k'],
      label: 'Previous row',
      group,
      run: () => rowCount > 0 && actions.move(clamp(activeIndex - 1)),
    },
    {
      id: `${prefix}.open`,
      keys: ['Enter'],
      label: 'Open the row',
      group,
      run: (event) => {
        if (!enterIsForList(event.target)) activateDefault(event.target);
        else if (rowCount > 0) actions.open(clamp(activeIndex));
      },
    },
  ]);
}
