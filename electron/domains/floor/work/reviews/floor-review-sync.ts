/**
 * Review marks between a station and the floor. The station's own store stays what its
 * review handlers read (the worklist's filter, the list, the export's columns), so nothing in
 * the reviews domain changes: this keeps that store a mirror of the floor's marks, and sends
 * this station's marks to the floor.
 *
 * - A mark made or cleared here is written to the station's store first (by the handlers, as
 *   today), then to the floor through the session's `write`: within the budget when the floor
 *   answers, else queued on the station and sent in order when it is back (the key makes a
 *   second send a no-op; a replay older than the floor's newest change of that return loses,
 *   see floor-review-marks.ts).
 * - Every change on the floor is pushed (`work.reviews`) and copied into the store, and the
 *   whole floor is read once when the station joins, so another bench's mark shows here, with
 *   who, when and the note, within a second.
 */
import { z } from 'zod';
import type { ReturnReview } from '../../../../../shared/contract/clerk-values';
import type { LocalStore, SelectedLocalStore } from '../../../../kernel/local-store';
import { put, remove } from '../../../../kernel/local-store';
import { returnReviewSchema, returnReviews } from '../../../reviews';
import type { FloorActionKind, FloorSession } from '../../floor-types';
import { WORK_TOPICS, workChangeOf } from '../floor-db-port';
import {
  clearFloorMark,
  type FloorMarkState,
  floorMarkStates,
  setFloorMark,
} from './floor-review-marks';

export const REVIEW_KIND = 'work.review';

/** The account a queued action was made on (absent in a queue written before 0006). */
const accountField = z.string().min(1).max(200).optional();

const actionSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('set'),
    mark: returnReviewSchema,
    station: z.string().min(1).max(80),
    account: accountField,
  }),
  z.object({
    op: z.literal('clear'),
    returnId: z.number().int().positive(),
    station: z.string().min(1).max(80),
    account: accountField,
  }),
]);
export type ReviewAction = z.infer<typeof actionSchema>;

/**
 * How a review action is applied on the floor, now or from the offline queue. An action
 * carries the account it was made on; one queued before 0006 takes `account()` (the current).
 */
export function reviewActionKind(account: () => string): FloorActionKind<ReviewAction> {
  return {
    kind: REVIEW_KIND,
    schema: actionSchema,
    async apply(q, action) {
      const at = new Date(action.at);
      const on = action.payload.account ?? account();
      // A replay older than the floor's newest change loses by design (not a conflict: the
      // newest change of a return's mark is the one every bench should see).
      if (action.payload.op === 'set')
        await setFloorMark(q, on, action.payload.mark, action.payload.station, at);
      else await clearFloorMark(q, on, action.payload.returnId, action.payload.station, at);
      return { applied: true };
    },
  };
}

export interface FloorReviewSyncOptions {
  /** The floor's name for the API account in use (never the key), read at each call. */
  account: () => string;
  /** Told after each mirror written (tests wait on it; create-bridge tells the renderer). */
  mirrored?: (returnIds: number[]) => void;
}

/** How long a mirror read may take before it is left for the next push (ms). */
const PULL_BUDGET_MS = 2_000;

export class FloorReviewSync {
  private stop: (() => void) | undefined;
  /**
   * The account whose whole floor was last mirrored. The account is named once a client is
   * made (and changes with the connection), so a station that joined before that, or switched,
   * reads the whole floor again on its next read rather than only the returns pushed since.
   */
  private wholeFor: string | null = null;
  private readonly account: () => string;
  private readonly mirrored: (returnIds: number[]) => void;

  constructor(
    private readonly session: FloorSession,
    private readonly localStore: SelectedLocalStore,
    options: FloorReviewSyncOptions,
  ) {
    this.account = options.account;
    this.mirrored = options.mirrored ?? (() => undefined);
    session.register(reviewActionKind(this.account));
  }

  /** Mirrors the floor now and on every pushed change; returns the stop. */
  start(): () => void {
    if (!this.stop) {
      const unsubscribe = this.session.subscribe(WORK_TOPICS.reviews, (event) => {
        const change = workChangeOf(event.topic, event.payload);
        // Another account's mark on the same database is none of this station's business.
        if (change?.account !== undefined && change.account !== this.accountNow()) return;
        const id = Number(change?.key);
        if (Number.isSafeInteger(id)) void this.pull([id]);
      });
      // Joining (at start, in the background, or after Settings → Floor) and coming back
      // online read the whole floor once: changes made meanwhile were not pushed here.
      const unwatch = this.session.onStatus((status) => {
        if (status === 'online') void this.pull();
      });
      this.stop = () => {
        unsubscribe();
        unwatch();
      };
    }
    void this.pull();
    return () => {
      this.stop?.();
      this.stop = undefined;
    };
  }

  /** Copies the floor's state of these returns (all when absent) into the station's store. */
  async pull(ids?: readonly number[]): Promise<boolean> {
    const account = this.accountNow();
    // No connection chosen yet: no account whose marks to mirror (read again once online).
    if (account === null) return false;
    // This account's floor not mirrored whole yet: a pushed change reads it all.
    const which = this.wholeFor === account ? ids : undefined;
    const read = await this.session.withBudget(PULL_BUDGET_MS, (db) =>
      floorMarkStates(db, account, which),
    );
    if (!read.ok) return false;
    // The connection changed while the floor was read: these marks are another account's.
    if (account !== this.accountNow()) return false;
    await mirror(await this.localStore(), read.value);
    if (which === undefined) this.wholeFor = account;
    this.mirrored(read.value.map((s) => s.returnId));
    return true;
  }

  /**
   * Before the station's marks are read: the whole floor of the account in use mirrored once
   * (within the read's budget; a floor that does not answer leaves the station's own marks).
   */
  async ensureWhole(): Promise<void> {
    const account = this.accountNow();
    if (account !== null && this.wholeFor !== account) await this.pull();
  }

  /** The account in use, or null while none is chosen (the console's first run). */
  private accountNow(): string | null {
    try {
      return this.account();
    } catch {
      return null;
    }
  }

  /** A mark this station made (already in its store): to the floor, or queued. */
  marked(review: ReturnReview): Promise<unknown> {
    return this.session.write<ReviewAction>(REVIEW_KIND, {
      key: `review:set:${review.returnId}:${this.session.station.id}:${review.reviewedAt}`,
      payload: {
        op: 'set',
        mark: review,
        station: this.session.station.name,
        account: this.account(),
      },
      at: review.reviewedAt,
    });
  }

  /** A clear made here: to the floor, or queued. */
  cleared(returnId: number, at: Date): Promise<unknown> {
    const when = at.toISOString();
    return this.session.write<ReviewAction>(REVIEW_KIND, {
      key: `review:clear:${returnId}:${this.session.station.id}:${when}`,
      payload: {
        op: 'clear',
        returnId,
        station: this.session.station.name,
        account: this.account(),
      },
      at: when,
    });
  }
}

/** Writes what differs in one commit (a mark equal to the store's is left alone). */
async function mirror(store: LocalStore, states: readonly FloorMarkState[]): Promise<void> {
  const ops = [];
  for (const { returnId, mark } of states) {
    const mine = store.get(returnReviews, String(returnId));
    if (mark === null) {
      if (mine) ops.push(remove(returnReviews, String(returnId)));
      continue;
    }
    const next: ReturnReview = {
      returnId: mark.returnId,
      rmaNumber: mark.rmaNumber,
      reviewedAt: mark.reviewedAt,
      reviewedBy: mark.reviewedBy,
      note: mark.note,
    };
    if (JSON.stringify(mine) !== JSON.stringify(next)) ops.push(put(returnReviews, next));
  }
  if (ops.length > 0) await store.commit(ops);
}
