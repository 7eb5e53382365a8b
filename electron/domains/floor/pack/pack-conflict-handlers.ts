/**
 * floorPackConflictResolve (issue 29): the supervisor marks an order packed twice as sorted
 * out on the Floor view ("Sorted out"), with who (the packer signed in at this station) and a
 * note. Both packs stay in the floor's log as they were made; only the conflict's state
 * changes, for every station (pack_conflicts' trigger pushes it on floor_pack).
 *
 * Never a failure for what a person can meet: no floor, the floor offline, or a conflict
 * already sorted out (by someone else a moment ago) answers `resolved: false` with a sentence,
 * and the view says it and reads the list again.
 */
import { asHandlers } from '../../../kernel/handler-types';
import type { PackQueryable } from './floor-port';
import { resolvePackConflict } from './pack-conflict-store';

/** A person waits on this (a click): longer than a scan's budget, never a hang. */
const RESOLVE_BUDGET_MS = 2_000;

type Budgeted<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not-configured' | 'offline' | 'budget' | 'error'; message: string };

export interface PackConflictHandlerDeps {
  /** The floor session's budgeted call (FloorSession.withBudget). */
  withBudget<T>(ms: number, fn: (db: PackQueryable) => Promise<T>): Promise<Budgeted<T>>;
  /** The floor's name for the API account in use (never the key). */
  account(): string;
  /** Who sorts it out: the packer signed in here, else the computer's user. */
  who(): string;
}

export const NO_FLOOR_TO_RESOLVE =
  'This station is not on a floor, so there is nothing to sort out here.';
export const ALREADY_SORTED_OUT =
  'This order was already marked sorted out (perhaps at another station).';

export function createPackConflictHandlers(deps: PackConflictHandlerDeps) {
  return asHandlers({
    floorPackConflictResolve: async ({ id, note }) => {
      const account = deps.account();
      const by = deps.who();
      const done = await deps.withBudget(RESOLVE_BUDGET_MS, (db) =>
        resolvePackConflict(db, account, id, by, note),
      );
      if (!done.ok) {
        const message =
          done.reason === 'not-configured'
            ? NO_FLOOR_TO_RESOLVE
            : `Not marked sorted out: ${done.message}`;
        return { resolved: false, message };
      }
      return done.value
        ? { resolved: true, message: null }
        : { resolved: false, message: ALREADY_SORTED_OUT };
    },
  });
}
