/**
 * Keeps the packable-orders index (order-index-store.ts) fresh and answers lookups in it.
 *
 * The API has no "changed since" filter on orders, so a refresh reads the `labels` and
 * `open` stages whole, page by page at the limiter's background priority (a person's own
 * requests always go first), at most once per `minInterval` (default 3 minutes). Nothing is
 * read until the station first looks something up: a console that never scans spends no
 * requests on it. After that a timer keeps it fresh; a lookup in an index older than
 * `minInterval` also starts a refresh, but answers from what is kept without waiting. Only
 * an index never built is waited for (its first read), so the very first scan still finds.
 */
import type { OrderIndexView } from '@shared/contract/packing-values';
import { z } from 'zod';
import type { ApiClient } from '../../kernel/api/api-client';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { LocalStore, SelectedLocalStore } from '../../kernel/local-store';
import { boundedWalk } from '../../kernel/operations/bounded-walk';
import { orderListQuery } from '../../kernel/operations/query';
import {
  entryOf,
  entrySchema,
  findInIndex,
  type IndexedOrder,
  indexMeta,
  type OrderIndexEntry,
  PACKABLE_STAGES,
  replaceIndex,
} from './order-index-store';

export interface OrderIndexDeps {
  client(): Promise<ApiClient>;
  localStore: SelectedLocalStore;
  now?: () => Date;
  /** The shortest time between two refreshes (ms). */
  minInterval?: number;
  /**
   * On a floor (issue 29): the read goes through the floor's shared walk, so one station of
   * the floor reads the orders and the others take its copy (with when it was read). Absent:
   * this station reads, as before.
   */
  sharedRead?: (
    read: () => Promise<OrderIndexEntry[]>,
    options: { force: boolean; check: (value: unknown) => OrderIndexEntry[] | undefined },
  ) => Promise<{ entries: OrderIndexEntry[]; countedAt: Date }>;
  log?: (line: string) => void;
}

/** Asked for per page; the server clamps it to its maximum. */
const PAGE_SIZE = 500;
export const DEFAULT_MIN_INTERVAL = 3 * 60_000;

export class OrderIndex {
  private readonly now: () => Date;
  private readonly minInterval: number;
  private refreshing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly stop = new AbortController();

  constructor(private readonly deps: OrderIndexDeps) {
    this.now = deps.now ?? (() => new Date());
    this.minInterval = deps.minInterval ?? DEFAULT_MIN_INTERVAL;
  }

  /**
   * Reads both stages whole and replaces the kept index (one refresh at a time). `force`: a
   * person asked, so a floor's copy younger than `minInterval` does not serve.
   */
  refresh(force = false): Promise<void> {
    this.refreshing ??= this.readAll(force).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readAll(force: boolean): Promise<void> {
    // The store and the client of the connection selected now: a switch meanwhile writes
    // this connection's orders into this connection's store, never the other's.
    const store = await this.deps.localStore();
    const api = await this.deps.client();
    const read = () => this.readStages(api);
    const { entries, countedAt } = this.deps.sharedRead
      ? await this.deps.sharedRead(read, { force, check: checkEntries })
      : { entries: await read(), countedAt: this.now() };
    await replaceIndex(store, entries, countedAt);
  }

  private async readStages(api: ApiClient): Promise<OrderIndexEntry[]> {
    const entries: OrderIndexEntry[] = [];
    for (const stage of PACKABLE_STAGES) {
      // Bounded like every walk (issue 32): past the bound it stops with a sentence (the
      // scan waiting on a first build says it), never millions of requests in the background.
      const { rows } = await boundedWalk<IndexedOrder>(
        (page, pageSize, signal) =>
          api.page(
            'orders_list',
            { query: orderListQuery({ stage }, { page, pageSize }) },
            { priority: 'background', signal },
          ) as Promise<{ count: number; next?: string | null; results: IndexedOrder[] }>,
        {
          pageSize: PAGE_SIZE,
          signal: this.stop.signal,
          idOf: (order) => String(order.id),
          what: 'orders to pack',
          phase: 'Reading the orders to pack',
          advice:
            'A scan of a storefront or external order id is not found; order numbers still are.',
          // Nobody's call: the index refreshes behind the station, with no progress to show.
          progress: () => {},
        },
      );
      entries.push(...rows.map((order) => entryOf(order, stage)));
    }
    // An order listed in both stages (it moved while the pages were read) is kept once.
    const byId = new Map(entries.map((e) => [e.orderId, e]));
    return [...byId.values()];
  }

  private stale(store: LocalStore): boolean {
    const meta = indexMeta(store);
    return !meta || this.now().getTime() - Date.parse(meta.refreshedAt) >= this.minInterval;
  }

  /** Keeps refreshing every `minInterval` from the first lookup on. */
  private keepFresh(): void {
    if (this.timer || this.stop.signal.aborted) return;
    this.timer = setInterval(() => {
      void this.deps
        .localStore()
        .then((store) => (this.stale(store) ? this.refresh() : undefined))
        .catch((error: Error) => this.deps.log?.(`order index: not refreshed (${error.message})`));
    }, this.minInterval);
    this.timer.unref?.();
  }

  async find(code: string): Promise<OrderIndexView> {
    this.keepFresh();
    const store = await this.deps.localStore();
    if (!indexMeta(store)) await this.refresh();
    else if (this.stale(store)) {
      void this.refresh().catch((error: Error) =>
        this.deps.log?.(`order index: not refreshed (${error.message})`),
      );
    }
    const meta = indexMeta(store);
    return {
      hits: findInIndex(store, code),
      count: meta?.count ?? 0,
      refreshedAt: meta?.refreshedAt ?? null,
    };
  }

  close(): void {
    this.stop.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Another station's copy of the index, read back from the floor: used only if it fits. */
const entriesSchema = z.array(entrySchema).max(1_000_000);
function checkEntries(value: unknown): OrderIndexEntry[] | undefined {
  const parsed = entriesSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function createOrderIndexHandlers(index: OrderIndex) {
  return asHandlers({
    orderIndexFind: async ({ code }) => index.find(code),
    orderIndexRefresh: async () => {
      await index.refresh(true);
      return index.find('');
    },
  } satisfies Partial<Handlers>);
}
