/**
 * The pack stations' orders index (storefront and external ids, which the API's search cannot
 * find) read once for the floor (issue 29): with a floor online, a station's refresh asks the
 * floor's shared walk (shared-walk.ts) first, so a copy another station counted in the last
 * few minutes serves as it is, and two stations refreshing together read the account once.
 * With no floor, or the floor away, the station reads alone, exactly as before.
 *
 * The composition hands `floorIndexRead(...)` to the packing domain's OrderIndex as its
 * `sharedRead`; the packing domain does not know the floor.
 */

import { createHash } from 'node:crypto';
import type { FloorDb } from '../db/floor-db';
import { isConnectionError } from '../db/floor-db';
import type { FloorEvent, FloorStatus } from '../floor-types';
import { type SharedWalkOptions, sharedWalk, type WalkWatch } from './shared-walk';
import type { WalkKey, WalkKind } from './walks-store';

/** What this needs of the floor's session (floor-types.ts FloorSession), and no more. */
export interface WalkFloor {
  readonly db: FloorDb | null;
  status(): FloorStatus;
  subscribe<P = unknown>(topic: string, fn: (event: FloorEvent<P>) => void): () => void;
}

export interface IndexRead<E> {
  entries: E[];
  /** When the orders were read (the floor's clock when another station read them). */
  countedAt: Date;
  /** 'walked': read here now; 'floor': another station's copy; 'alone': no floor. */
  source: 'walked' | 'floor' | 'alone';
  countedBy: string | null;
}

export type SharedIndexRead<E> = (
  read: () => Promise<E[]>,
  options: { force: boolean; check: (value: unknown) => E[] | undefined },
) => Promise<IndexRead<E>>;

export interface FloorIndexReadOptions {
  floor: WalkFloor | (() => WalkFloor);
  /** The floor's name for the API account (never the key), read at each refresh. */
  account: () => string;
  /** This station's name, as the floor shows it. */
  station: () => string;
  /** A copy younger than this serves as it is (ms): the index's own refresh interval. */
  freshMs: number;
  /** How long one station's walk holds the others waiting (ms; default 5 min). */
  holdMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

/** Listens for 'walk.counted' pushes of the key through the session (NOTIFY underneath). */
function watchThrough(floor: WalkFloor, key: WalkKey): WalkWatch {
  let seen = false;
  let wake = () => {};
  const stop = floor.subscribe<{ kind?: string; scope?: string }>('walk.counted', (event) => {
    if (event.payload?.kind !== key.kind || (event.payload.scope ?? '') !== key.scope) return;
    seen = true;
    wake();
  });
  return {
    next: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (seen) return resolve();
        // A hang guard: past it the walk is read again (a push lost with a dropped connection).
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref?.();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    stop,
  };
}

/** One value read once for the floor: another station's copy, this station's walk, or alone. */
export interface SharedValueRead<T> {
  value: T;
  countedAt: Date;
  source: 'walked' | 'floor' | 'alone';
  countedBy: string | null;
}

export type SharedRead<T> = (
  read: () => Promise<T>,
  options: {
    force: boolean;
    check: (value: unknown) => T | undefined;
    /** What the read covered beyond its kind (the sorted stock list's filters); '' or absent: all. */
    scope?: string;
  },
) => Promise<SharedValueRead<T>>;

/** A scope as the floor keys it: as it is when short, else its hash (the column holds 500). */
export function walkScope(scope: string | undefined): string {
  if (!scope) return '';
  if (scope.length <= 200) return scope;
  return `sha256:${createHash('sha256').update(scope).digest('hex')}`;
}

/**
 * Any listing read once for the floor under `kind` (the orders index; the supervisor board's
 * exceptions walk; the stock list read for sorting, per filter set): with no floor, or the
 * floor away, `read` runs here, as before.
 */
export function floorSharedRead<T>(kind: WalkKind, o: FloorIndexReadOptions): SharedRead<T> {
  const now = o.now ?? (() => new Date());
  return async (read, { force, check, scope }) => {
    const floor = typeof o.floor === 'function' ? o.floor() : o.floor;
    const db = floor.db;
    if (!db || floor.status() !== 'online') {
      return { value: await read(), countedAt: now(), source: 'alone', countedBy: null };
    }
    const key: WalkKey = { account: o.account(), kind, scope: walkScope(scope) };
    const result = await sharedWalk<T>({
      // FloorDb's query is pg's (floor-db.ts), typed by its own rows generic.
      db: db as unknown as SharedWalkOptions<T>['db'],
      key,
      station: o.station(),
      freshMs: o.freshMs,
      force,
      ...(o.holdMs !== undefined ? { holdMs: o.holdMs } : {}),
      walk: read,
      check,
      watch: async (k) => watchThrough(floor, k),
      isOffline: isConnectionError,
      ...(o.log ? { log: o.log } : {}),
    });
    return {
      value: result.value,
      // A walk here is dated as the floor keeps it, so every station shows the same time.
      countedAt: result.source === 'alone' ? now() : result.countedAt,
      source: result.source,
      countedBy: result.countedBy,
    };
  };
}

export function floorIndexRead<E>(o: FloorIndexReadOptions): SharedIndexRead<E> {
  const shared = floorSharedRead<E[]>('order-index', o);
  return async (read, options) => {
    const { value, ...rest } = await shared(read, options);
    return { entries: value, ...rest };
  };
}
