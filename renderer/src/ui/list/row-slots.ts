/**
 * Row slots: how the fixed-rows grid (fixed-rows.tsx) keeps its row elements while it scrolls.
 *
 * A row's React key is its slot, its index modulo the pool (the most rows ever drawn at once),
 * not its id. The rows in view always have distinct slots (they are consecutive indexes, no
 * more of them than the pool), so a row that scrolls out hands its element, cells and all, to
 * the row that scrolls in with the same slot: React changes its text, attributes and place,
 * and Chromium restyles only what changed (a badge's tone), not 16 new elements a row. The
 * Shipments grid's scroll (bench/ui-grids-scroll-profile.ts, 99,385 rows, three rounds, load
 * 1.6): the main thread's CPU a frame 0.86× the bare virtual list's, style 0.32×, script 0.51×,
 * against 1.18×, 1.82× and 0.89× with a new element per row (issue 34).
 *
 * Rows are drawn in slot order, which never changes, so React never moves an element (a moved
 * element is styled again from scratch, as a new one). Slot order is the rows' order turned
 * round at some point once the list has scrolled, so the body gives assistive technology the
 * rows' own order with `aria-owns` (`readingOrder`), and each row says its place with
 * `aria-rowindex`.
 */

export interface RowPool {
  /** The most rows drawn at once so far: a larger range re-keys every row once. */
  size: number;
}

/** The items in slot order (index modulo the pool), the pool first grown to hold them all. */
export function slotOrder<I extends { index: number }>(items: readonly I[], pool: RowPool): I[] {
  if (items.length > pool.size) pool.size = items.length;
  const size = pool.size;
  return items.slice().sort((a, b) => (a.index % size) - (b.index % size));
}

/** The slot of row `index`: its key, and the last part of its element's id. */
export function slotOf(index: number, pool: RowPool): number {
  return index % pool.size;
}

/** The row element ids of `items` in the rows' own order, for the body's `aria-owns`. */
export function readingOrder(
  items: readonly { index: number }[],
  pool: RowPool,
  idOf: (slot: number) => string,
): string {
  return items
    .slice()
    .sort((a, b) => a.index - b.index)
    .map((item) => idOf(slotOf(item.index, pool)))
    .join(' ');
}
