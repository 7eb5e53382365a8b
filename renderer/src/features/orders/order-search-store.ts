/**
 * What the person searched for in the header's "Find an order" box, handed to the Orders
 * view, which takes it as its `q` filter. Lives only while the page is open (the filter it
 * becomes is what the settings file keeps).
 */
import { create } from 'zustand';

interface OrderSearchState {
  search: string;
  setSearch(query: string): void;
}

export const useOrderSearchStore = create<OrderSearchState>()((set) => ({
  search: '',
  setSearch: (query) => set({ search: query }),
}));
