/**
 * Whether the API (or, in browser mode, the Packbench host) answered the last time the
 * console asked. Fed by the query cache (every query's success or failure), read by the
 * status banner. UI state only: the bridge keeps the real retry machinery.
 */
import { create } from 'zustand';

export interface Unreachable {
  message: string;
  /** When the first failure of this spell was seen (ms since epoch). */
  since: number;
}

interface ConnectivityState {
  unreachable: Unreachable | null;
  /** The API refused the selected connection's key (401): what it said, until it answers. */
  keyRefused: string | null;
  reportUnreachable(message: string, now?: number): void;
  reportKeyRefused(message: string): void;
  reportReachable(): void;
}

export const useConnectivityStore = create<ConnectivityState>()((set) => ({
  unreachable: null,
  keyRefused: null,
  reportUnreachable: (message, now = Date.now()) =>
    set((s) => ({ unreachable: { message, since: s.unreachable?.since ?? now } })),
  reportKeyRefused: (message) => set({ keyRefused: message, unreachable: null }),
  reportReachable: () =>
    set((s) =>
      s.unreachable === null && s.keyRefused === null ? s : { unreachable: null, keyRefused: null },
    ),
}));
