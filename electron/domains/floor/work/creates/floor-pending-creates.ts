/**
 * Pending order creates, floor-wide. A create's reference is registered in
 * `floor_pending_creates` (0003-work.sql) before its request leaves, and the primary key lets
 * only one console register a reference: a console that loses (another sends the same draft
 * at that moment, or sent it before and has not heard back, or was killed while it waited)
 * does not send; it waits for that create's outcome, looking the order up as order-create.ts
 * does after its own uncertain send, from the time the other console sent it.
 *
 * The station's own local record (the PendingCreates it extends) is written first, always:
 * with the floor down the console keeps today's single-station guarantee (a restart still
 * waits), and the floor's row is added when it answers. With the floor unreachable the
 * create goes on as one station alone would; that is said in the report, not hidden.
 *
 * A record is removed only by the console that saw it, and only that very send (its sent_at),
 * so a console finishing late cannot remove a newer send of the same draft and let a third
 * console send it again.
 */
import type { Api } from '../../../../../shared/contract/values';
import type { ApiClient, CallOptions } from '../../../../kernel/api/api-client';
import { BridgeFailure } from '../../../../kernel/failure';
import type { SelectedLocalStore } from '../../../../kernel/local-store';
import {
  type CreateRequest,
  type CreateResolution,
  createOrderOnce,
  type PendingCreate,
  PendingCreates,
} from '../../../orders';
import type { FloorQuery } from '../floor-db-port';

/** Another console registered this draft's create first: wait for it, do not send. */
export class RegisteredElsewhere extends BridgeFailure {
  constructor(readonly station: string) {
    super(
      'outcome_unknown',
      `This order is being sent from ${station}. Packbench waits for that instead of sending it again.`,
    );
  }
}

interface Row {
  reference: string;
  sent_at: Date;
  body: Record<string, unknown>;
  station: string;
}

export interface FloorPendingOptions {
  /** The floor's database now, or null when no floor is configured or it is offline. */
  db: () => FloorQuery | null;
  station: string;
  /**
   * The floor's name for the API account (never the key), read at each call: a reference is
   * registered, looked up and removed within its account only (0006-work-account.sql).
   */
  account: () => string;
  /** The station's own store (the single-station record); memory when absent (tests). */
  local?: SelectedLocalStore;
  /** Called when the floor could not be asked (the create went on as a station alone). */
  offline?: (error: unknown) => void;
}

export class FloorPendingCreates extends PendingCreates {
  /** The sends this console saw, by reference: only those are ever removed by it. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly options: FloorPendingOptions) {
    super(options.local);
  }

  override async get(reference: string): Promise<PendingCreate | undefined> {
    const floor = await this.floorGet(reference);
    if (floor) return floor;
    return super.get(reference);
  }

  override async record(entry: PendingCreate): Promise<void> {
    await super.record(entry);
    const db = this.options.db();
    if (!db) return;
    const account = this.options.account();
    let won: Row | undefined;
    try {
      // A send this console waited out (looked up until its window passed, order absent) is
      // taken over only if it is still that very send: of two consoles that waited it out,
      // one takes it over and the other meets it as a new send to wait for.
      const waitedOut = this.seen.get(entry.reference);
      if (waitedOut !== undefined) {
        const taken = await db.query<Row>(
          `UPDATE floor_pending_creates SET sent_at = $3, body = $4, station = $5
            WHERE account = $6 AND reference = $1 AND sent_at = $2
            RETURNING reference, sent_at, body, station`,
          [
            entry.reference,
            new Date(waitedOut),
            new Date(entry.sentAt),
            JSON.stringify(entry.order),
            this.options.station,
            account,
          ],
        );
        won = taken.rows[0];
      }
      const inserted = won
        ? { rows: [won] }
        : await db.query<Row>(
            `INSERT INTO floor_pending_creates (reference, sent_at, body, station, account)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account, reference) DO NOTHING
         RETURNING reference, sent_at, body, station`,
            [
              entry.reference,
              new Date(entry.sentAt),
              JSON.stringify(entry.order),
              this.options.station,
              account,
            ],
          );
      won = inserted.rows[0];
      if (!won) {
        const other = await db.query<Row>(
          'SELECT station FROM floor_pending_creates WHERE account = $2 AND reference = $1',
          [entry.reference, account],
        );
        // Nothing will be sent by this console: its own note goes too.
        await super.clear(entry.reference);
        throw new RegisteredElsewhere(other.rows[0]?.station ?? 'another station');
      }
    } catch (error) {
      if (error instanceof RegisteredElsewhere) throw error;
      this.options.offline?.(error);
      return;
    }
    this.seen.set(entry.reference, won.sent_at.getTime());
  }

  override async clear(reference: string): Promise<void> {
    await super.clear(reference);
    const sentAt = this.seen.get(reference);
    this.seen.delete(reference);
    const db = this.options.db();
    if (sentAt === undefined || !db) return;
    try {
      await db.query(
        'DELETE FROM floor_pending_creates WHERE account = $3 AND reference = $1 AND sent_at = $2',
        [reference, new Date(sentAt), this.options.account()],
      );
    } catch (error) {
      // Left behind: the next send of the draft looks first, as a kept local note does.
      this.options.offline?.(error);
    }
  }

  private async floorGet(reference: string): Promise<PendingCreate | undefined> {
    const db = this.options.db();
    if (!db) return undefined;
    try {
      const found = await db.query<Row>(
        `SELECT reference, sent_at, body, station FROM floor_pending_creates
          WHERE account = $2 AND reference = $1`,
        [reference, this.options.account()],
      );
      const row = found.rows[0];
      if (!row || !(row.sent_at instanceof Date) || typeof row.body !== 'object' || !row.body) {
        return undefined;
      }
      this.seen.set(reference, row.sent_at.getTime());
      return { reference: row.reference, sentAt: row.sent_at.toISOString(), order: row.body };
    } catch (error) {
      this.options.offline?.(error);
      return undefined;
    }
  }
}

/**
 * createOrderOnce on the floor: when another console registered the draft's create between
 * this console's look and its own registration, look again; the second look finds that
 * create and waits for its outcome instead of sending.
 */
export async function createOrderOnFloor(
  api: ApiClient,
  request: CreateRequest,
  call: CallOptions,
  resolution: CreateResolution,
  pending: FloorPendingCreates,
): Promise<Api['Order']> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await createOrderOnce(api, request, call, resolution, pending);
    } catch (error) {
      // Twice in a row means two other sends came and went in between: say so, send nothing.
      if (!(error instanceof RegisteredElsewhere) || attempt >= 2) throw error;
    }
  }
}
