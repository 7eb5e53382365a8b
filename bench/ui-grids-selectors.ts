/**
 * The shipments grid as the ui-grids bench and its profile find it: the selectors they wait on
 * and the six sorts both time, in one place so the profile measures what the bench does.
 */
export const GRID = '[data-testid="shipments-grid"]';
export const SCROLLER = '[data-testid="shipments-scroller"]';
/** The grid with no read under way. */
export const IDLE = `${SCROLLER}:not([aria-busy])`;

/** The sorts timed, in order: many-valued text both ways, few-valued text, a number, a date. */
export const GRID_SORTS = [
  ['tracking', 'ascending'],
  ['tracking', 'descending'],
  ['recipient', 'ascending'],
  ['carrier', 'ascending'],
  ['missProb', 'descending'],
  ['createdMs', 'descending'],
] as const;

/** Holds once `column` shows `dir` and the grid is idle: the sorted rows are drawn. */
export function sortedSelector(column: string, dir: string): string {
  return `body:has([role="columnheader"][data-column-id="${column}"][aria-sort="${dir}"]):has(${IDLE})`;
}
