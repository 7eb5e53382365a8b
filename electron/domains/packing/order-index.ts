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
import {
  ORDER_INDEX_OPERATION,
  type OrderIndexStatus,
  type OrderIndexView,
} from '@shared/contract/packing-values';
import type { Progress } from '@shared/contract/values';
import { z } from 'zod';
import type { ApiClient } from '../../kernel/api/api-client';
import { BridgeFailure } from '../../kernel/failure';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { LocalStore, SelectedLocalStore } from '../../kernel/local-store';
import { boundedWalk } from '../../kernel/operations/bounded-walk';
import { orderListQuery } from '../../kernel/operations/query';
import { ReadingProgress, stoppedBy, untilAborted } from './order-index-reading';
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
   * No lookup for this long (ms, default 30 minutes): the station has stopped scanning, so the
   * index stops refreshing itself until the next lookup (issue 32: no walk runs on for nobody).
   */
  idleAfter?: number;
  /**
   * On a floor (issue 29): the read goes through the floor's shared walk, so one station of
   * the floor reads the orders and the others take its copy (with when it was read). Absent:
   * this station reads, as before.
   */
  sharedRead?: (
    read: () => Promise<OrderIndexEntry[]>,
    options: { force: boolean; check: (value: unknown) => OrderIndexEntry[] | undefined },
  ) => Promise<{ entries: OrderIndexEntry[]; countedAt: Date }>;
  /**
   * Told when a reading starts, reads a page and ends, under ORDER_INDEX_OPERATION (the
   * composition sends it as a bridge progress event; the renderer reads the status again).
   */
  onProgress?: (progress: Progress) => void;
  /** Asked for per page (the server clamps it), and the walk's bounds: tests make them small. */
  pageSize?: number;
  maxRows?: number;
  maxPages?: number;
  log?: (line: string) => void;
}

/** Asked for per page; the server clamps it to its maximum. */
const PAGE_SIZE = 500;
export const DEFAULT_MIN_INTERVAL = 3 * 60_000;
export const DEFAULT_IDLE_AFTER = 30 * 60_000;

interface Reading {
  progress: ReadingProgress;
  abort: AbortController;
  /** A person's stop ended it (not the bound, not a failure). */
  byStop: boolean;
}

export class OrderIndex {
  private readonly now: () => Date;
  private readonly minInterval: number;
  private readonly idleAfter: number;
  private refreshing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly stop = new AbortController();
  private reading: Reading | undefined;
  private stopped: OrderIndexStatus['stopped'] = null;
  /** Stopped by a person or past the bound: nothing reads until a person asks again. */
  private paused = false;
  private lastLookup = 0;

  constructor(private readonly deps: OrderIndexDeps) {
    this.now = deps.now ?? (() => new Date());
    this.minInterval = deps.minInterval ?? DEFAULT_MIN_INTERVAL;
    this.idleAfter = deps.idleAfter ?? DEFAULT_IDLE_AFTER;
  }

  /**
   * Reads both stages whole and replaces the kept index (one refresh at a time). `force`: a
   * person asked, so a floor's copy younger than `minInterval` does not serve, and a reading
   * they stopped (or the bound refused) may start again. Without it a paused index reads nothing.
   */
  refresh(force = false): Promise<void> {
    if (force) this.paused = false;
    else if (this.paused && !this.refreshing) return Promise.resolve();
    this.refreshing ??= this.readAll(force).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Stops the reading under way now (its request in flight is aborted, no page is asked after)
   * and resolves once it has ended; nothing reads again until a person asks.
   */
  async halt(): Promise<void> {
    const reading = this.reading;
    if (!reading) return;
    reading.byStop = true;
    reading.abort.abort(new BridgeFailure('cancelled', 'The reading was stopped.'));
    await this.refreshing?.catch(() => {});
  }

  async status(): Promise<OrderIndexStatus> {
    const meta = indexMeta(await this.deps.localStore());
    return {
      count: meta?.count ?? 0,
      refreshedAt: meta?.refreshedAt ?? null,
      reading: this.reading?.progress.view() ?? null,
      stopped: this.stopped,
      paused: this.paused,
    };
  }

  private async readAll(force: boolean): Promise<void> {
    const abort = new AbortController();
    const reading: Reading = {
      progress: new ReadingProgress(this.now, PACKABLE_STAGES.length, force),
      abort,
      byStop: false,
    };
    const signal = AbortSignal.any([abort.signal, this.stop.signal]);
    this.reading = reading;
    this.changed();
    try {
      // The store and the client of the connection selected now: a switch meanwhile writes
      // this connection's orders into this connection's store, never the other's.
      const store = await this.deps.localStore();
      const api = await this.deps.client();
      const read = () => this.readStages(api, reading, signal);
      const { entries, countedAt } = this.deps.sharedRead
        ? await untilAborted(this.deps.sharedRead(read, { force, check: checkEntries }), signal)
        : { entries: await read(), countedAt: this.now() };
      signal.throwIfAborted();
      await replaceIndex(store, entries, countedAt);
      this.stopped = null;
    } catch (error) {
      this.stopped = stoppedBy(error, reading.byStop, this.now());
      // A stop or the bound holds until a person asks; a failure is tried again on the timer.
      if (this.stopped.why !== 'failed') this.paused = true;
      throw error;
    } finally {
      this.reading = undefined;
      this.changed();
    }
  }

  private async readStages(
    api: ApiClient,
    reading: Reading,
    signal: AbortSignal,
  ): Promise<OrderIndexEntry[]> {
    const entries: OrderIndexEntry[] = [];
    for (const [list, stage] of PACKABLE_STAGES.entries()) {
      reading.progress.startList(list, stage);
      this.changed();
      // Bounded like every walk (issue 32): past the bound it stops with a sentence (the
      // pack page and the scan say it), never millions of requests in the background.
      const { rows } = await boundedWalk<IndexedOrder>(
        (page, pageSize, pageSignal) =>
          api.page(
            'orders_list',
            { query: orderListQuery({ stage }, { page, pageSize }) },
            { priority: 'background', signal: pageSignal },
          ) as Promise<{ count: number; next?: string | null; results: IndexedOrder[] }>,
        {
          pageSize: this.deps.pageSize ?? PAGE_SIZE,
          signal,
          idOf: (order) => String(order.id),
          what: 'orders to pack',
          phase: 'Reading the orders to pack',
          advice:
            'A scan of a storefront or external order id is not found; order numbers still are.',
          ...(this.deps.maxRows ? { maxRows: this.deps.maxRows } : {}),
          ...(this.deps.maxPages ? { maxPages: this.deps.maxPages } : {}),
          progress: (update) => {
            reading.progress.report(update);
            this.changed();
          },
        },
      );
      entries.push(...rows.map((order) => entryOf(order, stage)));
    }
    // An order listed in both stages (it moved while the pages were read) is kept once.
    const byId = new Map(entries.map((e) => [e.orderId, e]));
    return [...byId.values()];
  }

  /** The reading as a progress event (ended: phase "Read", no pages). */
  private changed(): void {
    if (!this.deps.onProgress) return;
    const view = this.reading?.progress.view();
    this.deps.onProgress({
      operationId: ORDER_INDEX_OPERATION,
      phase: view?.phase ?? 'Read',
      done: view?.rows ?? 0,
      total: view?.rowsTotal ?? null,
      ...(view ? { pages: { done: view.pages, total: view.pagesTotal } } : {}),
    });
  }

  private stale(store: LocalStore): boolean {
    const meta = indexMeta(store);
    return !meta || this.now().getTime() - Date.parse(meta.refreshedAt) >= this.minInterval;
  }

  /**
   * Keeps refreshing every `minInterval` while the station looks things up; once no lookup
   * came for `idleAfter`, the timer ends (the next lookup starts it again).
   */
  private keepFresh(): void {
    if (this.timer || this.stop.signal.aborted) return;
    this.timer = setInterval(() => {
      if (this.now().getTime() - this.lastLookup >= this.idleAfter) {
        clearInterval(this.timer);
        this.timer = undefined;
        return;
      }
      void this.deps
        .localStore()
        .then((store) => (this.stale(store) ? this.refresh() : undefined))
        .catch((error: Error) => this.deps.log?.(`order index: not refreshed (${error.message})`));
    }, this.minInterval);
    this.timer.unref?.();
  }

  async find(code: string): Promise<OrderIndexView> {
    this.lastLookup = this.now().getTime();
    this.keepFresh();
    const store = await this.deps.localStore();
    if (!indexMeta(store)) {
      // The first build is waited for, so the very first scan finds; stopped by a person or
      // past the bound, the lookup answers what is kept (nothing) and the status says why.
      await this.refresh().catch((error: unknown) => {
        if (this.stopped?.why === 'failed') throw error;
      });
    } else if (this.stale(store)) {
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
    orderIndexStatus: async () => index.status(),
    orderIndexStop: async () => {
      await index.halt();
      return index.status();
    },
  } satisfies Partial<Handlers>);
}
