/**
 * Opening an order's pack screen on the floor: claim it, then read what the floor's log knows
 * of it, in that order. The order matters: a pack commits its row and ends its claim in one
 * transaction, so a station whose claim is granted after another's pack reads that pack in the
 * next statement and meets "Already packed"; reading first and claiming after would leave a
 * gap in which both stations pack.
 */

import type { PackRecord } from '../../../../shared/contract/packing-values';
import { type Claimant, type ClaimDecision, DEFAULT_CLAIM_IDLE_MS } from './claim-rules';
import { claimOrder } from './claim-store';
import type { PackQueryable } from './floor-port';
import { RowProblems } from './pack-floor-rows';
import { floorPackRecords } from './pack-log-floor';

export interface OpenedOnFloor {
  claim: ClaimDecision;
  /** The floor's last pack of the order (any station), or null: the gate's "Already packed". */
  packed: PackRecord | null;
  /** Rows left out because they were changed by hand into nonsense, in words (for the log). */
  problems: string[];
}

export async function openForPacking(
  db: PackQueryable,
  account: string,
  who: Claimant,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
): Promise<OpenedOnFloor> {
  const problems = new RowProblems();
  const claim = await claimOrder(db, account, who, idleMs, problems);
  const [packed] = await floorPackRecords(db, account, { orderIds: [who.orderId] }, problems);
  return { claim, packed: packed ?? null, problems: problems.problems };
}

/** True when this opening may go on to count and pack without an override. */
export function mayPack(opened: OpenedOnFloor): boolean {
  return opened.claim.kind !== 'held' && opened.packed === null;
}
