import type { FloorQueryable } from '../db/floor-db';

/**
 * What the floor's work needs of the database, and no more: plain queries, and a dedicated
 * connection for what must live as long as a session (a batch's advisory lock). A `pg` Pool
 * is one; so is the core's FloorDb (electron/domains/floor/db). Kept this
 * narrow so the work's stores are tested on the real cluster without the rest of the floor.
 */

/** Plain queries: the pool, or one transaction's client (the core's FloorQueryable). */
export type FloorQuery = FloorQueryable;

/** A connection held by one caller until released (a pg PoolClient is one). */
export interface FloorConnection extends FloorQueryable {
  release(destroy?: boolean | Error): void;
  /** A held connection that dies (server gone, killed) says so here instead of crashing. */
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface FloorPort extends FloorQueryable {
  connect(): Promise<FloorConnection>;
}

/** The core's NOTIFY channel (0001-core.sql): the work's tables publish on it (0003-work.sql). */
export const WORK_CHANNEL = 'floor_events';

export type WorkTopic = 'reviews' | 'creates' | 'batches';

export interface WorkChange {
  topic: WorkTopic;
  key: string;
  /** The row's account (0006-work-account.sql); absent in a push from an older console. */
  account?: string;
}

/** The floor_events topic of each kind of change (FloorSession.subscribe takes 'work.*'). */
export const WORK_TOPICS: Record<WorkTopic, string> = {
  reviews: 'work.reviews',
  creates: 'work.creates',
  batches: 'work.batches',
};

/** A floor event's topic and payload read as a work change, or undefined when not one. */
export function workChangeOf(topic: string, payload: unknown): WorkChange | undefined {
  const kind = (Object.keys(WORK_TOPICS) as WorkTopic[]).find((k) => WORK_TOPICS[k] === topic);
  const { key, account } = (payload ?? {}) as { key?: unknown; account?: unknown };
  if (!kind || typeof key !== 'string') return undefined;
  return typeof account === 'string' ? { topic: kind, key, account } : { topic: kind, key };
}

/** A raw NOTIFY payload on floor_events read defensively: anything else is ignored, not fatal. */
export function parseWorkChange(payload: string | undefined): WorkChange | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as { topic?: unknown; payload?: unknown };
    return typeof value.topic === 'string' ? workChangeOf(value.topic, value.payload) : undefined;
  } catch {
    return undefined;
  }
}
