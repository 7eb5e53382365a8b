/**
 * The floor's work as bridge methods: `floorOverview`, the supervisor's Floor view. With no
 * floor (or one that does not answer) it says so in the answer — the view shows that in
 * words — rather than failing, so a station alone opens the view as calmly as a floor does.
 */
import type { FloorOverview } from '../../../../shared/contract/floor-overview-values';
import type { HandlersFor } from '../../../kernel/handler-types';
import type { FloorSession } from '../floor-types';
import { readFloorOverview } from './summary/floor-overview';

/** A supervisor's read may take longer than a scan's budget, never long enough to hang the view. */
const OVERVIEW_BUDGET_MS = 3_000;

export interface FloorWorkDeps {
  /** This console's floor session (null: the composition has none). */
  floor: () => FloorSession | null;
  /** The floor's name for the API account in use (never the key): what the view shows. */
  account: () => string;
  now?: () => Date;
}

function empty(now: Date, status: FloorOverview['status'], problem: string | null): FloorOverview {
  return {
    status,
    problem,
    at: now.toISOString(),
    stations: [],
    claims: [],
    batches: [],
    packedByStation: [],
    packedByPacker: [],
    packedPerHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 })),
    repacksToday: 0,
  };
}

export function createFloorWorkHandlers(deps: FloorWorkDeps): HandlersFor<'floorOverview'> {
  const now = deps.now ?? (() => new Date());
  return {
    floorOverview: async () => {
      const at = now();
      const session = deps.floor();
      if (!session || session.status() === 'not-configured')
        return empty(at, 'not-configured', null);
      const read = await session.withBudget(OVERVIEW_BUDGET_MS, (db) =>
        readFloorOverview(db, deps.account(), at),
      );
      if (!read.ok) {
        return empty(at, 'offline', session.problem() ?? read.message);
      }
      return { status: 'online', problem: null, ...read.value };
    },
  };
}
