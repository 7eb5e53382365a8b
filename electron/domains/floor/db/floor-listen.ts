/**
 * LISTEN on one dedicated connection (a pooled connection cannot listen: it is handed to
 * other queries between notifications). When the connection drops — the database restarted,
 * the network went — it is reopened with a growing pause (0.25 s doubling to 5 s) and every
 * channel listened again; the state callbacks hear "down" then "up", so the session can say
 * the floor is offline and, when back, catch up on what it missed (floor_events by id).
 */
import type pg from 'pg';

export interface ListenerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Unref'd: a reconnect pending must not keep a closing console alive. */
const realTimers: ListenerTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5000;

export class FloorListener {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly stateFns = new Set<(up: boolean, error?: Error) => void>();
  private client: pg.Client | null = null;
  /** The channels LISTENed on the current client. */
  private listened = new Set<string>();
  private connecting: Promise<void> | null = null;
  private retry: unknown = null;
  private pause = FIRST_PAUSE_MS;
  private up = false;
  private closed = false;

  constructor(
    private readonly newClient: () => pg.Client,
    private readonly timers: ListenerTimers = realTimers,
    private readonly onProblem?: (message: string) => void,
  ) {}

  /** Listens on `channel`; resolves once listening (or once a reconnect is scheduled). */
  async add(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${JSON.stringify(channel)}`);
    let handlers = this.channels.get(channel);
    const fresh = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    if (!this.client && !this.connecting && this.retry === null && !this.closed) {
      await this.connect();
    } else if (this.connecting) await this.connecting;
    const client = this.client;
    if (fresh && client && !this.listened.has(channel)) {
      this.listened.add(channel);
      // A failure here is a dropping connection: the reconnect listens again.
      await client.query(`LISTEN ${channel}`).catch(() => {});
    }
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      this.listened.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  }

  /**
   * Called with true when listening, false (with the reason) at each failed attempt or drop;
   * called at once with true when already up.
   */
  onState(fn: (up: boolean, error?: Error) => void): () => void {
    this.stateFns.add(fn);
    if (this.up) fn(true);
    if (!this.client && !this.connecting && !this.closed && this.retry === null) {
      void this.connect();
    }
    return () => this.stateFns.delete(fn);
  }

  isUp(): boolean {
    return this.up;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry !== null) this.timers.clearTimeout(this.retry);
    this.retry = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    this.connecting = this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = this.newClient();
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) {
        this.client = null;
        this.listened = new Set();
      }
      if (error && this.up)
        this.onProblem?.(`The floor's live connection dropped: ${error.message}`);
      client.end().catch(() => {});
      this.setState(false, error);
      this.scheduleReconnect();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.onProblem?.(`A floor listener failed: ${(error as Error).message}`);
        }
      }
    });
    const listened = new Set<string>();
    try {
      await client.connect();
      for (const channel of this.channels.keys()) {
        await client.query(`LISTEN ${channel}`);
        listened.add(channel);
      }
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (this.closed || dropped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listened = listened;
    this.pause = FIRST_PAUSE_MS;
    this.setState(true);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry !== null) return;
    const wait = this.pause;
    this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
    this.retry = this.timers.setTimeout(() => {
      this.retry = null;
      if (!this.closed && !this.client && !this.connecting) void this.connect();
    }, wait);
  }

  /** "Down" is told at every failed attempt (with its reason), "up" once per connection. */
  private setState(up: boolean, error?: Error): void {
    if (this.up === up && up) return;
    this.up = up;
    for (const fn of this.stateFns) fn(up, error);
  }
}
