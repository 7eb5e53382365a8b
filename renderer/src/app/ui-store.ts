/**
 * UI state that is no server's business and lives only while the page is open: the last
 * search typed in the header. Per-view state that must
 * survive restarts (filters, columns) goes to settings `views` instead.
 */
import { create } from 'zustand';

interface UiState {
  /** What the person searched for in the header; the Orders view reads and answers it. */
  orderSearch: string;
  setOrderSearch(query: string): void;
}

export const useUiStore = create<UiState>()((set) => ({
  orderSearch: '',
  setOrderSearch: (query) => set({ orderSearch: query }),
}));
