/**
 * The active row of a list: the one that holds the Tab stop, that j/k move and Enter opens.
 *
 * - It starts again at the first row whenever `resetKey` changes (a new filter, page or
 *   sort): derived while rendering, so no effect runs and no frame shows the old row.
 * - A click or a focus makes a row active (`select`); the keyboard moves it (`moveTo`,
 *   `moveBy`), which also scrolls the row into view and focuses it, there and then, in the
 *   key's own handler. A row the virtualizer has not drawn yet is focused as it mounts
 *   (`rowRef`), so no effect and no "focus token" stand between the key and the focus.
 *
 * The DataTable attaches itself (`attach`), so the cursor can find and reveal its rows.
 */
import { useCallback, useMemo, useRef, useState } from 'react';

/** What the table does for the cursor: bring a row into view and give back its element. */
export interface CursorTarget {
  /** Scrolls row `index` into view (or starts to: a virtualized row may mount later). */
  reveal(index: number): void;
  /** The row's element if it is in the document now. */
  rowElement(index: number): HTMLElement | null;
  /** True when rows come and go with scrolling (focus must not scroll the page). */
  virtual: boolean;
}

export interface ListCursor {
  /** The active row's index (0 when the list is empty). */
  activeIndex: number;
  rowCount: number;
  /** Makes a row active without moving the focus (a click, a focus that landed on it). */
  select(index: number): void;
  /** Makes a row active, scrolls it into view and focuses it (the keyboard). */
  moveTo(index: number): void;
  /** moveTo(activeIndex + delta), kept inside the list. */
  moveBy(delta: number): void;
  /** For the table: where rows live, and the ref each row element takes. */
  attach(target: CursorTarget | null): void;
  rowRef(element: HTMLElement | null): void;
}

const clamp = (index: number, count: number) => Math.max(0, Math.min(count - 1, index));

export function useListCursor(rowCount: number, resetKey: unknown): ListCursor {
  const [state, setState] = useState({ key: resetKey, index: 0 });
  const current = Object.is(state.key, resetKey) ? state.index : 0;
  const activeIndex = rowCount === 0 ? 0 : clamp(current, rowCount);
  const target = useRef<CursorTarget | null>(null);
  /** The row to focus when it mounts (it was not drawn when the key was pressed). */
  const pendingFocus = useRef<number | null>(null);
  const live = useRef({ activeIndex, rowCount, resetKey });
  live.current = { activeIndex, rowCount, resetKey };

  const select = useCallback((index: number) => {
    setState({ key: live.current.resetKey, index });
  }, []);

  const moveTo = useCallback((index: number) => {
    const { rowCount: count, resetKey: key } = live.current;
    if (count === 0) return;
    const next = clamp(index, count);
    setState({ key, index: next });
    const table = target.current;
    if (!table) return;
    table.reveal(next);
    const element = table.rowElement(next);
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: table.virtual });
    } else {
      pendingFocus.current = next;
    }
  }, []);

  const moveBy = useCallback((delta: number) => moveTo(live.current.activeIndex + delta), [moveTo]);

  const attach = useCallback((next: CursorTarget | null) => {
    target.current = next;
  }, []);

  const rowRef = useCallback((element: HTMLElement | null) => {
    if (!element || pendingFocus.current === null) return;
    if (Number(element.dataset.index) !== pendingFocus.current) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
  }, []);

  return useMemo(
    () => ({ activeIndex, rowCount, select, moveTo, moveBy, attach, rowRef }),
    [activeIndex, rowCount, select, moveTo, moveBy, attach, rowRef],
  );
}
