/**
 * The offline queue: floor writes the database could not take (down, or past the action's
 * budget) kept in the station's own store (the embedded SQLite local store) and sent when the
 * floor is back — in the order they happened, each exactly once:
 *
 * - each action carries an idempotency key, recorded in `floor_applied` in the same
 *   transaction as the action itself; a key already there is skipped, so a send that
 *   committed but whose answer was lost (a drop, a kill, a budget given up on) is not doubled;
 * - an action is removed from the station's queue only after its transaction committed, so a
 *   crash in between sends it again and the key makes that a no-op;
 * - what an action finds in conflict (e.g. the order was packed at another station meanwhile)
 *   is its kind's to detect; it is kept in `floor_conflicts` for the supervisor, never merged.
 */
import { z } from 'zod';
import { defineCollection, put, remove } from '../../../kernel/local-store/collection';
import type { LocalStore } from '../../../kernel/local-store/local-store';
import { type FloorQueryable, isConnectionError, isTransientFloorError } from '../db/floor-db';
import type { ApplyOutcome, FloorAction, FloorActionKind } from '../floor-types';

const queuedSchema = z.object({
  seq: z.number().int().nonnegative(),
  kind: z.string().min(1).max(64),
  key: z.string().min(1).max(200),
  station: z.string().min(1).max(64),
  at: z.iso.datetime({ offset: true }),
  payload: z.unknown(),
});
export type QueuedAction = z.infer<typeof queuedSchema>;

/** Keys sort as numbers (zero-padded), so the store's order is the order things happened. */
export const floorQueue = defineCollection('floorQueue', queuedSchema, (a) =>
  String(a.seq).padStart(15, '0'),
);

/** Applies one action once: skipped when its key is on the floor already. */
export async function applyOnce<P>(
  q: FloorQueryable,
  kind: FloorActionKind<P>,
  action: FloorAction<P>,
): Promise<ApplyOutcome | 'already'> {
  const seen = await q.query(
    `INSERT INTO floor_applied (key, kind, station_id, queued_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    [action.key, action.kind, action.station, action.at],
  );
  if (seen.rowCount === 0) return 'already';
  const outcome = await kind.apply(q, action);
  if (!outcome.applied) await recordConflict(q, action, outcome.conflict, outcome.detail ?? {});
  return outcome;
}

async function recordConflict(
  q: FloorQueryable,
  action: { key: string; kind: string; station: string },
  summary: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `INSERT INTO floor_conflicts (key, kind, station_id, summary, detail)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
    [action.key, action.kind, action.station, summary, JSON.stringify(detail)],
  );
  await q.query(`SELECT floor_publish('floor.conflict', $1::jsonb, $2)`, [
    JSON.stringify({ key: action.key, kind: action.kind, summary }),
    action.station,
  ]);
}

export interface QueueDeps {
  store: LocalStore;
  kinds: ReadonlyMap<string, FloorActionKind<unknown>>;
  /** Runs one transaction on the floor (the session's db.tx). */
  tx<T>(fn: (q: FloorQueryable) => Promise<T>): Promise<T>;
  problem(message: string): void;
}

export class FloorQueue {
  private seq: number;
  private readonly keys = new Set<string>();
  private readonly pendingFns = new Set<(count: number) => void>();
  private flushing: Promise<FlushReport> | null = null;

  constructor(private readonly deps: QueueDeps) {
    const queued = deps.store.list(floorQueue);
    this.seq = Math.max(0, ...queued.map((a) => a.seq + 1));
    for (const action of queued) this.keys.add(action.key);
  }

  count(): number {
    return this.deps.store.list(floorQueue).length;
  }

  onPending(fn: (count: number) => void): () => void {
    this.pendingFns.add(fn);
    return () => this.pendingFns.delete(fn);
  }

  /** Keeps the action on the station (once per key), on disk before this resolves. */
  async add(action: FloorAction<unknown>): Promise<void> {
    if (this.keys.has(action.key)) return;
    const kind = this.deps.kinds.get(action.kind);
    if (!kind) throw new Error(`No floor action kind "${action.kind}" is registered.`);
    const payload = kind.schema.parse(action.payload);
    this.keys.add(action.key);
    await this.deps.store.commit([put(floorQueue, { ...action, payload, seq: this.seq++ })]);
    this.emit();
  }

  /**
   * Sends what is queued, oldest first, until done or the floor drops again (the rest waits
   * for the next call). One flush at a time.
   */
  flush(): Promise<FlushReport> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async send(): Promise<FlushReport> {
    const report: FlushReport = { sent: 0, already: 0, conflicts: 0, refused: 0, left: 0 };
    const queued = this.deps.store.list(floorQueue);
    for (let i = 0; i < queued.length; i += 1) {
      const entry = queued[i]!;
      const kind = this.deps.kinds.get(entry.kind);
      const action: FloorAction<unknown> = {
        kind: entry.kind,
        key: entry.key,
        station: entry.station,
        at: entry.at,
        payload: entry.payload,
      };
      if (!kind) {
        // Its part has not registered yet (still starting): it and what follows wait.
        report.left = queued.length - i;
        return report;
      }
      try {
        const checked = kind.schema.safeParse(entry.payload);
        if (!checked.success) throw new Error('its record on this station no longer fits');
        const outcome = await this.deps.tx((q) =>
          applyOnce(q, kind, { ...action, payload: checked.data }),
        );
        if (outcome === 'already') report.already += 1;
        else if (outcome.applied) report.sent += 1;
        else report.conflicts += 1;
      } catch (error) {
        // Unreachable, or refused only for now (a serialization failure when two stations
        // come back at once): it and what follows stay queued, in order, for the next flush.
        if (isConnectionError(error) || isTransientFloorError(error)) {
          report.left = queued.length - i;
          this.emit();
          return report;
        }
        // The floor refused this action (a constraint, a damaged record): it is kept as a
        // conflict for the supervisor with the reason, and the queue goes on.
        const reason = `could not be written to the floor: ${(error as Error).message}`;
        try {
          await this.deps.tx(async (q) => {
            await q.query(
              `INSERT INTO floor_applied (key, kind, station_id, queued_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (key) DO NOTHING`,
              [action.key, action.kind, action.station, action.at],
            );
            await recordConflict(q, action, reason, { payload: entry.payload as never });
          });
        } catch (inner) {
          this.deps.problem(
            `A queued floor action (${entry.key}) ${reason}; kept on this station.`,
          );
          report.left = queued.length - i;
          this.emit();
          if (isConnectionError(inner)) return report;
          return report;
        }
        report.refused += 1;
      }
      await this.deps.store.commit([remove(floorQueue, floorQueue.keyOf(entry))]);
      this.keys.delete(entry.key);
      this.emit();
    }
    return report;
  }

  private emit(): void {
    const count = this.count();
    for (const fn of this.pendingFns) fn(count);
  }
}

export interface FlushReport {
  sent: number;
  /** Already on the floor (sent before, the answer lost): not sent again. */
  already: number;
  conflicts: number;
  /** Refused by the floor and kept as conflicts with the reason. */
  refused: number;
  /** Still on the station (the floor dropped during the flush). */
  left: number;
}
