/**
 * One walk for the whole floor (issue 29): before a station walks the account (the
 * supervisor's exceptions walk, the stock list for sorting, the orders index), it asks the
 * floor's database for the last answer. Young enough: that answer serves, with its age and
 * the station that counted it. Otherwise this station claims the walk, walks, and publishes
 * the answer to every station; if another station is walking already, this one shows the
 * older copy (when there is one) or waits for that walk's answer, pushed by NOTIFY, instead
 * of walking the account a second time.
 *
 * The floor unreachable: the station walks alone, exactly as without a floor ('alone').
 */
import {
  claimWalk,
  type KeptWalk,
  publishWalk,
  readWalk,
  releaseWalk,
  type WalkInProgress,
  type WalkKey,
} from './walks-store';

type Db = Parameters<typeof readWalk>[0];

const WAIT_PIECE_MS = 30_000;

export interface WalkWatch {
  /** Resolves at the next push of the walk (or one already come), or after `timeoutMs`. */
  next(timeoutMs: number): Promise<void>;
  stop(): Promise<void> | void;
}

export interface SharedWalkOptions<T> {
  db: Db;
  key: WalkKey;
  /** This station's name (from the station profile). */
  station: string;
  /** A copy younger than this serves as it is (ms). */
  freshMs: number;
  /** Walk even when a young copy exists (the view's Refresh). */
  force?: boolean;
  /** How long a claim holds: longer than the longest walk (default 5 min). */
  holdMs?: number;
  walk: () => Promise<T>;
  /** The caller's check of a copy read back (its schema); undefined: unusable. */
  check: (value: unknown) => T | undefined;
  /**
   * Starts listening for the floor's 'walk.counted' pushes of `key` (resolves once listening),
   * so that a push sent while this station claims is not missed.
   */
  watch: (key: WalkKey) => Promise<WalkWatch>;
  /** True for errors that mean the floor is unreachable (floor-db.ts isConnectionError). */
  isOffline: (error: unknown) => boolean;
  log?: (line: string) => void;
}

export interface SharedWalkResult<T> {
  value: T;
  countedAt: Date;
  /** The station that counted it. */
  countedBy: string;
  /** walked: here, now; floor: another walk's copy; alone: the floor unreachable, walked here. */
  source: 'walked' | 'floor' | 'alone';
  /** A newer walk under way at another station (its answer will be pushed). */
  walking?: WalkInProgress;
}

export async function sharedWalk<T>(o: SharedWalkOptions<T>): Promise<SharedWalkResult<T>> {
  const alone = async (): Promise<SharedWalkResult<T>> => ({
    value: await o.walk(),
    countedAt: new Date(),
    countedBy: o.station,
    source: 'alone',
  });
  try {
    const holdMs = o.holdMs ?? 5 * 60_000;
    // Waits for another station's answer are cut into pieces of WAIT_PIECE_MS, each followed
    // by a read, in case a push was lost with a dropped connection.
    const rounds = Math.ceil(holdMs / WAIT_PIECE_MS) + 1;
    for (let round = 0; round < rounds; round++) {
      const read = await readWalk(o.db, o.key, o.check);
      if (read.problem) o.log?.(read.problem);
      if (read.kept && !o.force && read.kept.ageMs < o.freshMs) return fromFloor(read.kept);
      const watch = await o.watch(o.key);
      let after: Awaited<ReturnType<typeof readWalk<T>>>;
      try {
        const claim = await claimWalk(o.db, o.key, o.station, holdMs);
        if (claim.granted) {
          // Another station may have published between our read and our claim.
          const recheck = await readWalk(o.db, o.key, o.check);
          if (newer(recheck.kept, read.kept) && !o.force) {
            await releaseWalk(o.db, o.key, o.station);
            return fromFloor(recheck.kept as KeptWalk<T>);
          }
          return await walkAndPublish(o);
        }
        // Someone else walks: their answer will do.
        if (read.kept && !o.force) return { ...fromFloor(read.kept), walking: claim.walking };
        await watch.next(Math.min(holdMs, WAIT_PIECE_MS));
        after = await readWalk(o.db, o.key, o.check);
      } finally {
        await watch.stop();
      }
      if (newer(after.kept, read.kept)) return fromFloor(after.kept as KeptWalk<T>);
      // Not yet (or their walk broke off): look again, and claim it if it is free.
    }
    return await walkAndPublish(o);
  } catch (error) {
    if (!o.isOffline(error)) throw error;
    return alone();
  }
}

function newer<T>(now: KeptWalk<T> | null, before: KeptWalk<T> | null): boolean {
  return now !== null && (before === null || now.countedAt > before.countedAt);
}

function fromFloor<T>(kept: KeptWalk<T>): SharedWalkResult<T> {
  return {
    value: kept.value,
    countedAt: kept.countedAt,
    countedBy: kept.countedBy,
    source: 'floor',
  };
}

async function walkAndPublish<T>(o: SharedWalkOptions<T>): Promise<SharedWalkResult<T>> {
  let value: T;
  try {
    value = await o.walk();
  } catch (error) {
    await releaseWalk(o.db, o.key, o.station).catch(() => {});
    throw error;
  }
  const result: SharedWalkResult<T> = {
    value,
    countedAt: new Date(),
    countedBy: o.station,
    source: 'walked',
  };
  try {
    // The floor's time for it, as the other stations will show it.
    result.countedAt = (await publishWalk(o.db, o.key, o.station, value)) ?? result.countedAt;
  } catch (error) {
    // The walk is done and good here; only sharing it failed.
    if (!o.isOffline(error)) throw error;
    o.log?.("The floor's database went away; this walk is kept at this station only.");
  }
  return result;
}

/**
 * A walk's age for people: "counted 4 min ago at Desk 1" ("just now" under a minute; hours
 * past an hour; the station left out when it is this one).
 */
export function walkAgeWords(
  countedAt: Date,
  countedBy: string,
  now: Date,
  thisStation?: string,
): string {
  const minutes = Math.floor(Math.max(0, now.getTime() - countedAt.getTime()) / 60_000);
  const age =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
  const where = countedBy && countedBy !== thisStation ? ` at ${countedBy}` : '';
  return `counted ${age}${where}`;
}
