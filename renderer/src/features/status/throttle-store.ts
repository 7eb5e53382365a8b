/**
 * The bridge's latest throttle state (queued, paused for the rate limit, retrying), from its
 * `throttle` events. The banner reads it; nothing else writes it.
 */
import { create } from 'zustand';
import type { ThrottleState } from '../../../../shared/contract/values';

interface ThrottleStore {
  state: ThrottleState | null;
  update(state: ThrottleState): void;
}

export const useThrottleStore = create<ThrottleStore>()((set) => ({
  state: null,
  update: (state) => set({ state }),
}));
