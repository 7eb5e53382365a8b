/**
 * The floor's changes, told to this station's screens (issue 29, "Live": on the other
 * stations' screens within a second, pushed, not polled). Subscribes to what the Floor view and
 * the print queue show — the pack tables (claims, packs, marks, conflicts), stations joining
 * and leaving, offline conflicts, batches — and tells the renderer which topic to read again.
 *
 * A busy floor sends a notice per scan-opened claim and per pack: the tells are coalesced to
 * one per topic per `coalesceMs` (the first at once, then at most one more at the window's
 * end), so the Floor view reads the floor a few times a second at most, never per notice.
 * Another account's changes (the payload names it) are not this station's to show.
 */
import type { FloorTopic } from '@shared/contract/values';
import type { FloorEvent } from './floor-types';

export interface FloorLiveRelayDeps {
  subscribe(topic: string, fn: (event: FloorEvent) => void): () => void;
  /** The floor's name for this station's account now (compose-floor.ts's floorAccount). */
  account(): string;
  tell(topic: FloorTopic): void;
  coalesceMs?: number;
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
}

/** Which floor topics make which screen topic stale. */
export const RELAYED: Readonly<Record<string, readonly FloorTopic[]>> = {
  'pack.*': ['overview'],
  'station.changed': ['overview'],
  'floor.conflict': ['overview'],
  'work.batches': ['overview', 'batches'],
};

const DEFAULT_COALESCE_MS = 250;

function accountOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'account' in payload) {
    const account = (payload as { account: unknown }).account;
    return typeof account === 'string' ? account : undefined;
  }
  return undefined;
}

/** Starts relaying; the function returned stops it (and any tell still waiting). */
export function relayFloorChanges(deps: FloorLiveRelayDeps): () => void {
  const ms = deps.coalesceMs ?? DEFAULT_COALESCE_MS;
  const timers = deps.timers ?? {
    setTimeout: (fn: () => void, wait: number) => setTimeout(fn, wait),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  // Per topic: the window's timer, and whether a change came while it was open.
  const windows = new Map<FloorTopic, { handle: unknown; again: boolean }>();
  const close = (topic: FloorTopic) => {
    const open = windows.get(topic);
    windows.delete(topic);
    if (open?.again) tellNow(topic);
  };
  const tellNow = (topic: FloorTopic) => {
    windows.set(topic, { handle: timers.setTimeout(() => close(topic), ms), again: false });
    deps.tell(topic);
  };
  const changed = (topic: FloorTopic) => {
    const open = windows.get(topic);
    if (open) open.again = true;
    else tellNow(topic);
  };
  const offs = Object.entries(RELAYED).map(([floorTopic, topics]) =>
    deps.subscribe(floorTopic, (event) => {
      const account = accountOf(event.payload);
      if (account !== undefined && account !== deps.account()) return;
      for (const topic of topics) changed(topic);
    }),
  );
  return () => {
    for (const off of offs) off();
    for (const open of windows.values()) timers.clearTimeout(open.handle);
    windows.clear();
  };
}
