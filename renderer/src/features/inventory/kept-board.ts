/**
 * The board kept from the last launch (shared/contract/kept-board.ts) put under the board
 * being counted: each cell not in yet shows the kept count for its location, so the board
 * paints whole at once and each count is replaced as it comes. Before the locations list is
 * in, the kept board's own locations are the rows.
 */
import type { KeptBoard } from '../../../../shared/contract/kept-board';
import { BOARD_MEASURES, type BoardRow } from './exceptions-board';

const rowKey = (location: BoardRow['location']) =>
  location === null ? 'all' : String(location.id);

export function withKeptCounts(
  live: readonly BoardRow[],
  kept: KeptBoard,
  locationsKnown: boolean,
): { rows: BoardRow[]; used: boolean } {
  const byKey = new Map(kept.rows.map((r) => [rowKey(r.location), r.counts]));
  let used = false;
  const base: readonly BoardRow[] =
    locationsKnown || live.length > 1
      ? live
      : kept.rows.map((r) => ({
          location: r.location,
          counts: {
            onHand: null,
            low: null,
            out: null,
            expiring: null,
            expired: null,
            voluntary: null,
            mandatory: null,
          },
        }));
  const rows = base.map((row) => {
    const counts = byKey.get(rowKey(row.location));
    if (!counts) return row;
    const next = { ...row.counts };
    for (const m of BOARD_MEASURES) {
      if (next[m] === null && counts[m] !== null) {
        next[m] = counts[m];
        used = true;
      }
    }
    return { ...row, counts: next };
  });
  return { rows, used };
}
