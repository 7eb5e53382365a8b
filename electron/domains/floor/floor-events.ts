/**
 * Live changes from the other stations: each floor_events row is NOTIFYed on the channel
 * floor_events at its commit (0001-core.sql) and handed here to the subscribers of its topic.
 *
 * Notices arrive in commit order, which is not id order (two transactions take ids 5 and 6,
 * 6 commits first), so what was delivered is remembered by id, not by a high-water mark.
 * After the live connection was down, `catchUp` reads the rows it may have missed (from a
 * little before the newest id seen) and delivers those not yet delivered, oldest first.
 *
 * The pack tables (claims, the pack log, printed marks, conflicts) notify on a channel of their
 * own, floor_pack, with no floor_events row: a claim stays one statement, as its 20 ms budget
 * wants. Those notices reach the subscribers of `pack.<table>` (so `pack.*`) live, with id 0 and
 * no catch-up: what they name is read afresh by whoever shows it (the Floor view, a gate).
 */
import type { FloorDb } from './db/floor-db';
import type { FloorEvent } from './floor-types';

const CHANNEL = 'floor_events';
/** The pack tables' own channel (0002-pack.sql, pack_floor_notify). */
const PACK_CHANNEL = 'floor_pack';
const PACK_TABLE = /^[a-z_]{1,40}$/;
/** Ids remembered as delivered; older ones are below the catch-up window anyway. */
const SEEN_MAX = 5000;
/** How far below the newest id seen a catch-up starts (transactions that committed late). */
const CATCH_UP_WINDOW = 200;
const TOPIC = /^[a-z][a-z0-9._-]{0,63}(\.\*)?$/;

interface Notice {
  id: number;
  topic: string;
  station: string | null;
  payload: unknown;
}

export class FloorEvents {
  private readonly subscribers = new Map<string, Set<(event: FloorEvent) => void>>();
  private readonly seen = new Set<number>();
  private newest = 0;
  /** The newest id when this console first joined: older events are not its to replay. */
  private since: number | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenPack: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: FloorDb | null,
    private readonly problem: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    if (!this.db) return;
    this.unlisten = await this.db.listen(CHANNEL, (text) => void this.onNotice(text));
    this.unlistenPack = await this.db.listen(PACK_CHANNEL, (text) => this.onPackNotice(text));
  }

  subscribe(topic: string, fn: (event: FloorEvent) => void): () => void {
    if (!TOPIC.test(topic)) throw new Error(`Not a floor topic: ${JSON.stringify(topic)}`);
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Delivers what was committed while the live connection was down. */
  async catchUp(): Promise<void> {
    if (!this.db) return;
    if (this.since === null) {
      const max = await this.db.query<{ id: string | null }>(
        'SELECT max(id) AS id FROM floor_events',
      );
      this.since = Number(max.rows[0]?.id ?? 0);
      this.newest = Math.max(this.newest, this.since);
      return;
    }
    const rows = await this.db.query<{
      id: string;
      topic: string;
      station_id: string | null;
      payload: unknown;
    }>(
      `SELECT id, topic, station_id, payload FROM floor_events WHERE id > $1 ORDER BY id LIMIT 5000`,
      [Math.max(this.since, this.newest - CATCH_UP_WINDOW)],
    );
    for (const row of rows.rows) {
      this.deliver({
        id: Number(row.id),
        topic: row.topic,
        station: row.station_id,
        payload: row.payload,
      });
    }
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => {});
    await this.unlistenPack?.().catch(() => {});
    this.subscribers.clear();
  }

  private async onNotice(text: string): Promise<void> {
    let notice: Notice;
    try {
      notice = JSON.parse(text) as Notice;
      if (!Number.isSafeInteger(notice.id) || typeof notice.topic !== 'string') throw new Error();
    } catch {
      this.problem('A floor notice could not be read and was skipped.');
      return;
    }
    if (notice.payload === null && this.db) {
      // Too big for a notice: read from its row.
      const row = await this.db
        .query<{ payload: unknown }>('SELECT payload FROM floor_events WHERE id = $1', [notice.id])
        .catch(() => null);
      notice.payload = row?.rows[0]?.payload ?? null;
    }
    this.deliver(notice);
  }

  /** A pack table's notice: `{table, op, account, orderId}`, handed on as `pack.<table>`. */
  private onPackNotice(text: string): void {
    let payload: { table?: unknown; account?: unknown };
    try {
      payload = JSON.parse(text) as typeof payload;
      if (typeof payload.table !== 'string' || !PACK_TABLE.test(payload.table)) throw new Error();
    } catch {
      this.problem('A floor pack notice could not be read and was skipped.');
      return;
    }
    this.dispatch({ id: 0, topic: `pack.${payload.table}`, station: null, payload });
  }

  private deliver(event: FloorEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > SEEN_MAX) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.newest = Math.max(this.newest, event.id);
    this.dispatch(event);
  }

  private dispatch(event: FloorEvent): void {
    for (const [topic, fns] of this.subscribers) {
      const match = topic.endsWith('.*')
        ? event.topic.startsWith(topic.slice(0, -1))
        : event.topic === topic;
      if (!match) continue;
      for (const fn of fns) {
        try {
          fn(event);
        } catch (error) {
          this.problem(`A floor subscriber of ${event.topic} failed: ${(error as Error).message}`);
        }
      }
    }
  }
}
