/**
 * The pack screen's verification state, per order: the counts so far and what the last scan
 * did. Kept in the tab's session storage (zustand persist), so a reload or a look at the full
 * detail mid-pack comes back to the same counts; the pack log (main process) keeps the result
 * for good once the order is complete.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Counts, PackLine } from './pack-model';

export type PackSignal =
  | { kind: 'counted'; line: PackLine; byHand: boolean }
  | { kind: 'over'; line: PackLine }
  /** An item of the order whose quantity cannot be read: nothing counted. */
  | { kind: 'malformed'; line: PackLine }
  | { kind: 'wrong'; code: string; what: string | null }
  /** A scan or key while the pack gate is closed: nothing counted. */
  | { kind: 'gated' }
  /** A number typed before any item was scanned. */
  | { kind: 'type-first'; typed: number }
  /** A number typed after a scan (pack-model.ts TypedVerdict). */
  | { kind: 'typed'; line: PackLine; total: number; added: number }
  | { kind: 'capped'; line: PackLine; typed: number; added: number }
  | { kind: 'not-more'; line: PackLine; typed: number; done: number }
  | { kind: 'complete' };

interface PackStore {
  /** By `o<order id>`: a key that is not a number keeps insertion order (oldest first). */
  counts: Record<string, Counts>;
  /** What the last scan or key did, to show large (and when, so a repeat shows again). */
  signal: { orderId: number; signal: PackSignal; at: number } | null;
  setCounts(orderId: number, counts: Counts): void;
  setSignal(orderId: number, signal: PackSignal): void;
  /** Starts the order again (a repack): counts and signal cleared. */
  reset(orderId: number): void;
}

/** Orders kept at most (a shift's worth); the oldest go first. */
const KEEP = 200;

export const usePackStore = create<PackStore>()(
  persist(
    (set) => ({
      counts: {},
      signal: null,
      setCounts: (orderId, counts) =>
        set((state) => {
          const next = { ...state.counts };
          delete next[keyOf(orderId)];
          next[keyOf(orderId)] = counts;
          const keys = Object.keys(next);
          for (const key of keys.slice(0, Math.max(0, keys.length - KEEP))) delete next[key];
          return { counts: next };
        }),
      setSignal: (orderId, signal) => set({ signal: { orderId, signal, at: Date.now() } }),
      reset: (orderId) =>
        set((state) => {
          const next = { ...state.counts };
          delete next[keyOf(orderId)];
          return { counts: next, signal: null };
        }),
    }),
    {
      name: 'packbench.pack',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ counts: state.counts }),
    },
  ),
);

function keyOf(orderId: number): string {
  return `o${orderId}`;
}

export function countsFor(orderId: number): Counts {
  return usePackStore.getState().counts[keyOf(orderId)] ?? {};
}

export function useCounts(orderId: number): Counts {
  return usePackStore((state) => state.counts[keyOf(orderId)]) ?? EMPTY;
}

const EMPTY: Counts = {};
