/**
 * The Orders selection for the page's life (not the settings file: a selection is today's
 * work, not a preference). Lives outside the grid so it survives paging, filter changes and
 * a visit to another view; the pure rules are in selection-model.ts.
 */
import { create } from 'zustand';
import {
  EMPTY_SELECTION,
  type Selection,
  selectAllMatching,
  selectRange,
  setSelected,
  toggle,
  togglePage,
} from './selection-model';

interface SelectionState {
  selection: Selection;
  /** The last order clicked by itself: where a shift-click's range starts. */
  anchor: number | null;
  toggle(id: number): void;
  /** A click on a row's box: a toggle, or with Shift the range from the anchor (page order). */
  click(id: number, shift: boolean, pageIds: readonly number[]): void;
  togglePage(pageIds: readonly number[]): void;
  set(ids: readonly number[], selected: boolean): void;
  selectAllMatching(ids: readonly number[], filtersKey: string): void;
  clear(): void;
}

export const useSelectionStore = create<SelectionState>()((set) => ({
  selection: EMPTY_SELECTION,
  anchor: null,
  toggle: (id) => set((s) => ({ selection: toggle(s.selection, id), anchor: id })),
  click: (id, shift, pageIds) =>
    set((s) => ({
      selection: shift ? selectRange(s.selection, pageIds, s.anchor, id) : toggle(s.selection, id),
      anchor: id,
    })),
  togglePage: (pageIds) => set((s) => ({ selection: togglePage(s.selection, pageIds) })),
  set: (ids, selected) => set((s) => ({ selection: setSelected(s.selection, ids, selected) })),
  selectAllMatching: (ids, key) => set({ selection: selectAllMatching(ids, key) }),
  clear: () => set({ selection: EMPTY_SELECTION, anchor: null }),
}));

/** One row's checkbox subscribes to its own id only, so a click re-renders one row. */
export function useIsSelected(id: number): boolean {
  return useSelectionStore((s) => s.selection.ids.has(id));
}
