/**
 * What the floor's other parts consume (pack claims, marks, review marks, pending creates,
 * the shared budget, walks): one `FloorSession` per console, made at start by the
 * composition. With no floor configured it still exists — `db` is null, `status()` is
 * 'not-configured', every `withBudget` answers "offline" at once and `write` keeps actions on
 * the station — so a feature is written once, for both a lone station and a floor.
 */
import type { z } from 'zod';
import type { FloorDb, FloorQueryable } from './db/floor-db';

export type FloorStatus = 'online' | 'offline' | 'not-configured';

/** This console on the floor: the id is made once and kept; name and location follow Settings → Station. */
export interface FloorStation {
  id: string;
  /** The station profile's name, or the computer's name when that is empty. */
  name: string;
  /** The station profile's location (null: the API's default location). */
  locationId: number | null;
}

/** One change pushed to every station (a floor_events row). */
export interface FloorEvent<P = unknown> {
  id: number;
  topic: string;
  /** The station that made the change (null when made by hand or by the database). */
  station: string | null;
  payload: P;
}

/** The budget a scan may spend on the floor before it goes on as offline (issue 29). */
export const SCAN_BUDGET_MS = 150;

export type BudgetResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Why the floor was not used: no floor, floor down, past the budget, or it refused. */
      reason: 'not-configured' | 'offline' | 'budget' | 'error';
      /** For the person, e.g. "The floor did not answer within 150 ms: went on as offline for this action." */
      message: string;
      /** The error behind 'error' (a constraint, a bug), for the caller to judge. */
      error?: unknown;
    };

/** What applying a queued action found. */
export type ApplyOutcome =
  | { applied: true }
  /** The floor already holds something else here (e.g. packed at another station): kept for the supervisor. */
  | { applied: false; conflict: string; detail?: Record<string, unknown> };

/**
 * A kind of floor write (a pack mark, a review mark …): how to apply it to the database. The
 * same `apply` serves the write made at once and the one sent later from the offline queue;
 * it runs inside the transaction that also records the action's key, so it is applied at most
 * once. It must detect a conflict and say so rather than overwrite.
 */
export interface FloorActionKind<P> {
  kind: string;
  /** Checks the payload both when queued and when read back from the station's store. */
  schema: z.ZodType<P>;
  apply(q: FloorQueryable, action: FloorAction<P>): Promise<ApplyOutcome>;
}

export interface FloorAction<P> {
  kind: string;
  /** Idempotency key, unique on the floor (e.g. `pack:<orderId>:<station>:<time>`). */
  key: string;
  station: string;
  /** ISO time the action happened at the station (not when it reached the floor). */
  at: string;
  payload: P;
}

export type WriteResult =
  | { written: 'floor'; outcome: ApplyOutcome }
  /** No floor is configured: the feature's own local record is the whole truth, as before. */
  | { written: 'local-only' }
  /** Kept on the station; sent in order when the floor is back. */
  | { written: 'queued'; message: string };

export interface FloorSession {
  /** The database, or null when no floor is configured. Prefer `withBudget` in a person's path. */
  readonly db: FloorDb | null;
  readonly station: FloorStation;
  status(): FloorStatus;
  /** A sentence on why the floor is offline (unreachable, schema too new …), or null. */
  problem(): string | null;
  /** Called on every change of status; returns the unsubscribe. */
  onStatus(fn: (status: FloorStatus) => void): () => void;
  /**
   * Live changes on `topic` (exact, or a prefix ending in '.*', e.g. 'pack.*'), pushed by
   * NOTIFY; after a drop the session catches up on missed events by id before new ones.
   */
  subscribe<P = unknown>(topic: string, fn: (event: FloorEvent<P>) => void): () => void;
  /** Pushes a change to every station, inside the caller's transaction (sent at commit). */
  publish(q: FloorQueryable, topic: string, payload: unknown): Promise<number>;
  /**
   * Runs `fn` against the floor unless it is not configured, offline, or takes longer than
   * `ms` (default SCAN_BUDGET_MS); then it answers { ok: false } at once and the caller goes
   * on as offline for this action (its server-side work is cancelled by the transaction's
   * timeout when `fn` passes `timeoutMs`, or simply left to finish).
   */
  withBudget<T>(ms: number | undefined, fn: (db: FloorDb) => Promise<T>): Promise<BudgetResult<T>>;
  /** Registers a kind of write (once per kind, at start, before `write` or the queue's replay). */
  register<P>(kind: FloorActionKind<P>): void;
  /**
   * Writes an action to the floor within the budget, or keeps it in the station's queue to
   * be sent when the floor is back (in order, exactly once).
   */
  write<P>(
    kind: string,
    action: { key: string; payload: P; at?: string },
    budgetMs?: number,
  ): Promise<WriteResult>;
  /**
   * Follows Settings → Station: the station's name and location on the floor, and who is
   * signed in here (an empty packer signs the last one out).
   */
  updateStation(profile: {
    name: string;
    locationId: number | null;
    packer: string;
  }): Promise<void>;
  /** Actions kept on the station, waiting for the floor. */
  pending(): number;
  onPending(fn: (count: number) => void): () => void;
  close(): Promise<void>;
}
