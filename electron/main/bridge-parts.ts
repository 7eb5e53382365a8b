/**
 * Small parts the composition (create-bridge.ts) builds the bridge from: the API client per
 * connection and key, the names a station and a packer go by when none is set, and a pacer for
 * events that change faster than a person reads them. Plain Node, like the composition.
 */
import { hostname, userInfo } from 'node:os';
import { budgetAccount } from '../domains/floor/budget/floor-budget-source';
import { type ApiClient, type ApiRetryDelays, createApiClient } from '../kernel/api/api-client';
import type { AccountLimiter } from '../kernel/api/limiter';

/**
 * The local store a connection's marks live in. The embedded sandbox's connection gets a new
 * id at every start, but its data is the same seeded account every time, so its marks are
 * kept under one stable name: a demo's review marks and pack log survive a restart. Any other
 * connection is its own id (another account's marks never show).
 */
export function localStoreId(connection: { id: string; sandbox: boolean }): string {
  return connection.sandbox ? 'embedded-sandbox' : connection.id;
}

/** The computer's name, for a pack station that has none of its own. */
export function computerName(): string {
  try {
    return hostname().trim().slice(0, 80) || 'This computer';
  } catch {
    return 'This computer';
  }
}

/** The computer's user, for review marks and packs made without a name. */
export function defaultReviewer(): string {
  try {
    const name = userInfo().username.trim();
    return name === '' ? 'This computer' : name.slice(0, 80);
  } catch {
    return 'This computer';
  }
}

/** Calls `fn` at most once per `ms`, always with the latest value (trailing call kept). */
export function paced<T>(ms: number, fn: (value: T) => void): (value: T) => void {
  let last = 0;
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    last = Date.now();
    const { value } = pending;
    pending = undefined;
    fn(value);
  };
  return (value) => {
    pending = { value };
    if (timer) return;
    const wait = Math.max(0, last + ms - Date.now());
    if (wait === 0) flush();
    else {
      timer = setTimeout(flush, wait);
      timer.unref();
    }
  };
}

/**
 * One client per (base URL, key), all on the one limiter: switching connections or keys gives
 * a fresh client; the old one is simply dropped (it holds no sockets of its own).
 */
export class ClientCache {
  private current?: { baseUrl: string; apiKey: string; client: ApiClient; account?: string };

  constructor(
    private readonly limiter: AccountLimiter,
    private readonly fetch?: typeof globalThis.fetch,
    private readonly onNew?: (client: ApiClient) => void,
    /** The clients' retry pauses (tests shorten them; default: the transport's own). */
    private readonly retryDelays?: ApiRetryDelays,
  ) {}

  get(baseUrl: string, apiKey: string): ApiClient {
    const c = this.current;
    if (c && c.baseUrl === baseUrl && c.apiKey === apiKey) return c.client;
    const client = createApiClient({
      baseUrl,
      apiKey,
      limiter: this.limiter,
      fetch: this.fetch,
      ...this.retryDelays,
    });
    this.onNew?.(client);
    this.current = { baseUrl, apiKey, client };
    return client;
  }

  /** The account of the client in use, by name (never its key), for the floor's budget. */
  account(): string | null {
    const c = this.current;
    if (!c) return null;
    c.account ??= budgetAccount(c.baseUrl, c.apiKey);
    return c.account;
  }
}
