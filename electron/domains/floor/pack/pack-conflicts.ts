/**
 * Double packs found when the floor's pack log is written (issue 29): while the database is
 * offline each station packs on its own store with local claims only, so two stations can pack
 * the same order. When the queued packs are written back, such a pair is a conflict listed for
 * the supervisor, never merged silently. Pure rules; the floor store applies them inside the
 * transaction that writes the pack (pack-floor-store.ts), the same rule either way.
 */
import type { PackOverride } from '../../../../shared/contract/packing-values';

/** One pack in the floor's log. */
export interface FloorPack {
  /**
   * The pack's own id, made by the station when the last unit was verified: a queued pack
   * written twice (a retry after a lost answer, a restart) is still one pack.
   */
  packKey: string;
  orderId: number;
  orderName: string;
  station: string;
  packer: string;
  /** ISO 8601: when the last unit was verified at the station. */
  packedAt: string;
  /** Packed while the floor was offline (local claims only). */
  offline: boolean;
  /** Gates passed on purpose, with why. */
  overrides: readonly PackOverride[];
}

/** Two packs of one order that nobody meant to make twice. */
export interface PackConflict {
  orderId: number;
  orderName: string;
  /** The pack already in the floor's log (the latest, when several). */
  first: FloorPack;
  /** The pack being written. */
  second: FloorPack;
}

export type PackWriteDecision =
  /** Already written (same pack key): nothing to add, nothing doubled. */
  | { kind: 'duplicate'; pack: FloorPack }
  /** A new pack, with the conflict it makes (null: none). */
  | { kind: 'write'; conflict: PackConflict | null };

/**
 * True when the packer passed the "Already packed" gate on purpose (a repack of a damaged
 * parcel, say): a second pack they meant to make is not a conflict.
 */
function meantRepack(pack: FloorPack): boolean {
  return pack.overrides.some((o) => o.gate === 'packed');
}

function newest(packs: readonly FloorPack[]): FloorPack | null {
  let best: FloorPack | null = null;
  for (const p of packs) {
    if (best === null || Date.parse(p.packedAt) > Date.parse(best.packedAt)) best = p;
  }
  return best;
}

/**
 * What writing `incoming` does, given the floor's packs of the same order. A second pack of an
 * order is a conflict unless its packer overrode the "Already packed" gate: online, the gate
 * reads the floor's log, so only a station that could not see the first pack (offline) makes
 * one without meaning to.
 */
export function decidePackWrite(
  existing: readonly FloorPack[],
  incoming: FloorPack,
): PackWriteDecision {
  const same = existing.find((p) => p.packKey === incoming.packKey);
  if (same) return { kind: 'duplicate', pack: same };
  const others = existing.filter((p) => p.orderId === incoming.orderId);
  const first = newest(others);
  if (first === null || meantRepack(incoming)) return { kind: 'write', conflict: null };
  return {
    kind: 'write',
    conflict: { orderId: incoming.orderId, orderName: incoming.orderName, first, second: incoming },
  };
}

/** A conflict in words for the supervisor's list: both packs, where, by whom, when. */
export function conflictWords(conflict: PackConflict, time: (iso: string) => string): string {
  const side = (p: FloorPack) =>
    `at ${p.station} by ${p.packer} at ${time(p.packedAt)}${p.offline ? ' (floor offline)' : ''}`;
  return `${conflict.orderName} was packed twice: ${side(conflict.first)}, and ${side(conflict.second)}.`;
}
