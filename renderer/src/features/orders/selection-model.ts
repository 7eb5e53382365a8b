/**
 * Which orders are selected, by id, independent of the page shown: paging, resizing the page
 * or changing the filters keeps the selection, so a person can gather orders from several
 * pages and searches before printing. "Select all N matching" replaces it with every id the
 * bridge's fetch-all returned for the current filters, and remembers which filters, so the
 * bar can say "All 1,284 matching orders" until the selection changes by hand.
 * Pure functions over an immutable value, so React sees every change and tests need no DOM.
 */

export interface Selection {
  readonly ids: ReadonlySet<number>;
  /** Set when the ids are exactly the orders matching these filters (by filtersKey). */
  readonly matching: { readonly filtersKey: string; readonly count: number } | null;
}

export const EMPTY_SELECTION: Selection = Object.freeze({
  ids: new Set<number>(),
  matching: null,
});

export function isSelected(selection: Selection, id: number): boolean {
  return selection.ids.has(id);
}

export function toggle(selection: Selection, id: number): Selection {
  return setSelected(selection, [id], !selection.ids.has(id));
}

/** Selects or clears several ids at once (the header checkbox: the page shown). */
export function setSelected(
  selection: Selection,
  ids: readonly number[],
  selected: boolean,
): Selection {
  const next = new Set(selection.ids);
  let changed = false;
  for (const id of ids) {
    if (selected && !next.has(id)) {
      next.add(id);
      changed = true;
    } else if (!selected && next.delete(id)) {
      changed = true;
    }
  }
  // A hand-made change means the set is no longer "everything matching".
  return changed ? { ids: next, matching: null } : selection;
}

/**
 * Shift-click: every order between the last one clicked (`anchor`) and this one, in the order
 * on screen, takes the state this click gives (as in a file manager or Gmail). Without an
 * anchor on this page it is a plain toggle.
 */
export function selectRange(
  selection: Selection,
  pageIds: readonly number[],
  anchor: number | null,
  id: number,
): Selection {
  const from = anchor === null ? -1 : pageIds.indexOf(anchor);
  const to = pageIds.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return setSelected(selection, pageIds.slice(lo, hi + 1), !selection.ids.has(id));
}

/** The header checkbox's state for the page shown. */
export function pageState(
  selection: Selection,
  pageIds: readonly number[],
): 'all' | 'some' | 'none' {
  let n = 0;
  for (const id of pageIds) if (selection.ids.has(id)) n++;
  if (n === 0) return 'none';
  return n === pageIds.length ? 'all' : 'some';
}

/** Clicking the header checkbox: select the page, or clear it when it is all selected. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Selection {
  return setSelected(selection, pageIds, pageState(selection, pageIds) !== 'all');
}

/** Every order matching the filters, as fetched through the bridge. */
export function selectAllMatching(ids: readonly number[], filtersKey: string): Selection {
  const set = new Set(ids);
  return { ids: set, matching: { filtersKey, count: set.size } };
}

/** True when the selection is exactly what the current filters match. */
export function isAllMatching(selection: Selection, filtersKey: string): boolean {
  return selection.matching?.filtersKey === filtersKey;
}

/**
 * The ids in the order the grid lists them, whatever order they were clicked in: the API lists
 * orders newest first, and a newer order has a higher id, so a batch's labels come out of the
 * printer in the order on screen (top row first, page after page).
 */
export function selectedIds(selection: Selection): number[] {
  return [...selection.ids].sort((a, b) => b - a);
}

/** What the selection bar says. */
export function describeSelection(
  selection: Selection,
  filtersKey: string,
  formatNumber: (n: number) => string,
): string {
  const n = selection.ids.size;
  if (n === 0) return 'No orders selected';
  if (isAllMatching(selection, filtersKey)) {
    return `All ${formatNumber(n)} matching ${n === 1 ? 'order' : 'orders'} selected`;
  }
  return `${formatNumber(n)} ${n === 1 ? 'order' : 'orders'} selected`;
}
