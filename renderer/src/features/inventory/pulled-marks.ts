/**
 * What the pulled marks (local: the API cannot record that a batch left the shelf) say about
 * one recalled batch at one location. The stock data lists a location's bins and its batches
 * apart, never which bin holds which batch, so a mark names the bin the supervisor pulled from
 * and the row adds up every bin's mark for its batch there.
 */
import type { PulledMark } from '../../../../shared/contract/action-values';

export interface PulledAtLocation {
  /** Units pulled from every bin of the location, in all. */
  quantity: number;
  /** The latest mark (who and when to show), or null when none is recorded. */
  latest: PulledMark | null;
}

const NONE: PulledAtLocation = { quantity: 0, latest: null };

export function pulledAtLocation(
  marks: readonly PulledMark[],
  batchId: number,
  locationId: number,
): PulledAtLocation {
  const here = marks.filter(
    (m) => m.batchId === batchId && m.locationId === locationId && m.quantity > 0,
  );
  if (here.length === 0) return NONE;
  const latest = here.reduce((a, b) => (Date.parse(b.pulledAt) > Date.parse(a.pulledAt) ? b : a));
  return { quantity: here.reduce((sum, m) => sum + m.quantity, 0), latest };
}

/** What is still on the shelf: on hand less what was pulled, never below 0. */
export const onShelf = (onHand: number, pulled: number): number => Math.max(0, onHand - pulled);
