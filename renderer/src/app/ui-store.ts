/**
 * UI state that is no server's business and lives only while the page is open: whether the
 * shortcut sheet is open, the last search typed in the header. Per-view state that must
 * survive restarts (filters, columns) goes to settings `views` instead.
 */
import { create } from 'zustand';

interface UiState {
  shortcutSheetOpen: boolean;
  setShortcutSheetOpen(open: boolean): void;
  /** What the person searched for in the header; the Orders view reads and answers it. */
  orderSearch: string;
  setOrderSearch(query: string): void;
}

export const useUiStore = create<UiState>()((set) => ({
  shortcutSheetOpen: false,
  setShortcutSheetOpen: (open) => set({ shortcutSheetOpen: open }),
  orderSearch: '',
  setOrderSearch: (query) => set({ orderSearch: query }),
}));
