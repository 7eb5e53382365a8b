/**
 * What the floor's work needs of the database, and no more: plain queries, and a dedicated
 * connection for what must live as long as a session (a batch's advisory lock). A `pg` Pool
 * is one; so is floor-core's FloorDb once it is wired (electron/domains/floor/db). Kept this
 * narrow so the work's stores are tested on the real cluster without the rest of the floor.
 */

export interface FloorRows<R> {
  rows: R[];
  rowCount: number | null;
}

export interface FloorQuery {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<FloorRows<R>>;
}

/** A connection held by one caller until released (a pg PoolClient is one). */
export interface FloorConnection extends FloorQuery {
  release(destroy?: boolean | Error): void;
  /** A held connection that dies (server gone, killed) says so here instead of crashing. */
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface FloorPort extends FloorQuery {
  connect(): Promise<FloorConnection>;
}

/** The station acting, as the floor names it to people ("Station 3"). */
export interface FloorStation {
  name: string;
}

/** The NOTIFY channel every work table announces its changes on (0003-work.sql). */
export const WORK_CHANNEL = 'floor_work';

export type WorkTopic = 'reviews' | 'creates' | 'batches';

export interface WorkChange {
  topic: WorkTopic;
  key: string;
}

/** A NOTIFY payload read defensively: anything else on the channel is ignored, not fatal. */
export function parseWorkChange(payload: string | undefined): WorkChange | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as { topic?: unknown; key?: unknown };
    if (
      (value.topic === 'reviews' || value.topic === 'creates' || value.topic === 'batches') &&
      typeof value.key === 'string'
    ) {
      return { topic: value.topic, key: value.key };
    }
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}
