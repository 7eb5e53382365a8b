/**
 * A return's life: its status, drawn from how long ago it was requested (old returns are
 * mostly finished, fresh ones mostly waiting), and the instants of the steps it went through
 * to get there. Every step lies between `requested_at` and `now`, in order, so the dates
 * shown always agree with the status.
 */
import type { Rng } from '../seeded';
import type { ReturnResolution, ReturnStatus } from './return-types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The steps a return went through, as epoch milliseconds (null: not reached). */
export interface Timeline {
  status: ReturnStatus;
  requested: number;
  approved: number | null;
  /** When the parcel was handed to the carrier (no field of its own; an event). */
  shipped: number | null;
  received: number | null;
  completed: number | null;
  /** Rejected or cancelled. */
  ended: number | null;
}

type Weights = readonly (readonly [ReturnStatus, number])[];
const FRESH: Weights = [
  ['REQUESTED', 55],
  ['APPROVED', 25],
  ['IN_TRANSIT', 4],
  ['REJECTED', 6],
  ['CANCELLED', 10],
];
const WEEK: Weights = [
  ['REQUESTED', 14],
  ['APPROVED', 18],
  ['IN_TRANSIT', 24],
  ['RECEIVED', 16],
  ['COMPLETED', 14],
  ['REJECTED', 7],
  ['CANCELLED', 7],
];
const OLD: Weights = [
  ['REQUESTED', 3],
  ['APPROVED', 4],
  ['IN_TRANSIT', 5],
  ['RECEIVED', 9],
  ['COMPLETED', 64],
  ['REJECTED', 8],
  ['CANCELLED', 7],
];

export function drawTimeline(
  rng: Rng,
  requested: number,
  now: number,
  resolution: ReturnResolution,
): Timeline {
  const age = (now - requested) / DAY;
  let status = rng.weighted(age < 2 ? FRESH : age < 12 ? WEEK : OLD);
  // Asked minutes ago: nothing can have happened yet.
  if (now - requested < HOUR) status = 'REQUESTED';
  // Nothing travels back when the customer keeps the item: approval leads straight to completion.
  const keep = resolution === 'KEEP_IT';
  if (keep && (status === 'IN_TRANSIT' || status === 'RECEIVED')) status = 'COMPLETED';

  // Gaps between the steps reached, in order; scaled down below if they would pass `now`.
  const steps: (keyof Omit<Timeline, 'status' | 'requested'>)[] = [];
  const gaps: number[] = [];
  const step = (name: (typeof steps)[number], min: number, max: number) => {
    steps.push(name);
    gaps.push(min + rng.next() * (max - min));
  };
  const approve = () => step('approved', 20 * MINUTE, 2 * DAY);
  const travel = () => {
    step('shipped', 6 * HOUR, 3 * DAY);
    step('received', 2 * DAY, 7 * DAY);
  };
  switch (status) {
    case 'APPROVED':
      approve();
      break;
    case 'IN_TRANSIT':
      approve();
      step('shipped', 6 * HOUR, 3 * DAY);
      break;
    case 'RECEIVED':
      approve();
      travel();
      break;
    case 'COMPLETED':
      approve();
      if (keep) step('completed', 5 * MINUTE, DAY);
      else {
        travel();
        step('completed', 4 * HOUR, 3 * DAY);
      }
      break;
    case 'REJECTED':
      // Mostly refused on the request; sometimes only after inspecting the returned goods.
      if (!keep && rng.chance(0.3)) {
        approve();
        travel();
        step('ended', 4 * HOUR, 2 * DAY);
      } else step('ended', HOUR, 2 * DAY);
      break;
    case 'CANCELLED':
      if (rng.chance(0.4)) approve();
      step('ended', HOUR, 4 * DAY);
      break;
    default:
      break;
  }
  const room = Math.max(0, now - requested - 5 * MINUTE);
  const total = gaps.reduce((a, b) => a + b, 0);
  const factor = total > room ? room / total : 1;
  const timeline: Timeline = {
    status,
    requested,
    approved: null,
    shipped: null,
    received: null,
    completed: null,
    ended: null,
  };
  let t = requested;
  steps.forEach((name, i) => {
    // Whole minutes keep the ISO strings tidy; at least a minute between steps keeps the order.
    t += Math.max(MINUTE, Math.floor((gaps[i]! * factor) / MINUTE) * MINUTE);
    timeline[name] = t;
  });
  return timeline;
}
