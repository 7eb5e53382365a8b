/**
 * The stock list sorted by any column (issue 13). The API has no ordering parameter, so a sort
 * must cover the whole filtered set, never the page on screen: the bridge reads every row of
 * the filters once (inventory-lists.ts's whole-list read: background priority, progress,
 * bounded), keeps it a few minutes per connection and filters, sorts it here and hands the
 * renderer one page at a time — a page flip or another column costs no request and no copy of
 * the list across the bridge. `fresh` reads it again (the view's Refresh).
 *
 * On a floor (issue 29) the read is the floor's shared walk, per filter set: a list another
 * station read in the last few minutes serves here as it is (its age and station said), and
 * stations sorting together read the account once. The inventory domain does not know the
 * floor: the composition hands `sharedStockList` in (floor/walks/order-index-walk.ts).
 */
import type { InventoryFilters, StockSort } from '@shared/contract/arg-schemas';
import type { Api, SortedStockPage } from '@shared/contract/values';
import type { CallContext } from '../../kernel/handler-types';
import type { ApiHandlerDeps } from '../../kernel/operations/api-deps';
import { wholeList } from './inventory-lists';

/** The whole filtered list as read (and as the floor keeps it). */
export interface StockListRead {
  rows: StockLevel[];
  leftOut: number;
}

/** The floor's shared read of a list (the composition's); absent: this station reads alone. */
export type SharedStockListRead = (
  read: () => Promise<StockListRead>,
  options: { force: boolean; check: (value: unknown) => StockListRead | undefined; scope: string },
) => Promise<{ value: StockListRead; countedAt: Date; source: string; countedBy: string | null }>;

export interface SortedStockDeps extends ApiHandlerDeps {
  sharedStockList?: SharedStockListRead;
}

type StockLevel = Api['StockLevel'];

/** How long a read list answers sorts and page flips before it is read again. */
export const SORTED_LIST_FRESH_MS = 5 * 60_000;
/** Lists kept at once (each filter set is one). */
const KEPT_LISTS = 3;

type Key = string | number | null;

/** The value each sortable column sorts by (what the column shows). */
const SORT_KEYS: Record<StockSort['column'], (r: StockLevel) => Key> = {
  product: (r) => (r.name || r.sku || '').toLocaleLowerCase(),
  location: (r) => r.location?.code ?? null,
  on_hand: (r) => r.on_hand,
  committed: (r) => r.committed,
  reserved: (r) => r.reserved,
  available: (r) => r.available,
  reorder_point: (r) => r.reorder_point,
  expiry: (r) => (r.earliest_expiry ? Date.parse(r.earliest_expiry) : null),
};

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * Sorted by the column, empty values last either way (a row without an expiry date is not the
 * "soonest" nor the "latest"), then by SKU and location so equal values keep a fixed order.
 */
export function sortStock(rows: readonly StockLevel[], sort: StockSort): StockLevel[] {
  const key = SORT_KEYS[sort.column];
  const keyed = rows.map((row) => ({ row, k: key(row) }));
  const dir = sort.desc ? -1 : 1;
  keyed.sort((x, y) => {
    const xNone = x.k === null || (typeof x.k === 'number' && Number.isNaN(x.k));
    const yNone = y.k === null || (typeof y.k === 'number' && Number.isNaN(y.k));
    if (xNone !== yNone) return xNone ? 1 : -1;
    const by = xNone ? 0 : dir * compareKeys(x.k, y.k);
    return (
      by ||
      (x.row.sku ?? '').localeCompare(y.row.sku ?? '') ||
      (x.row.location?.code ?? '').localeCompare(y.row.location?.code ?? '')
    );
  });
  return keyed.map((k) => k.row);
}

interface Kept {
  /** When the list was read: when this read began, or, once it is in, the floor's copy's time. */
  readAt: number;
  readBy?: string;
  list: Promise<StockListRead>;
  sorted: Map<string, StockLevel[]>;
}

/** The lists read for sorting, per connection and filters; one instance per bridge. */
export class SortedStock {
  readonly #kept = new Map<string, Kept>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async page(
    deps: SortedStockDeps,
    args: {
      filters?: InventoryFilters;
      sort: StockSort;
      page?: number;
      pageSize?: number;
      fresh?: boolean;
    },
    ctx: CallContext,
  ): Promise<SortedStockPage> {
    const api = await deps.client();
    const key = `${api.baseUrl}\n${JSON.stringify(args.filters ?? {})}`;
    let kept = this.#kept.get(key);
    if (!kept || args.fresh || this.#now() - kept.readAt > SORTED_LIST_FRESH_MS) {
      kept = {
        readAt: this.#now(),
        list: Promise.resolve({ rows: [], leftOut: 0 }),
        sorted: new Map(),
      };
      kept.list = this.#read(deps, args.filters ?? {}, args.fresh === true, ctx, kept);
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      // A failed read is not kept: the next call reads again.
      const reading = kept;
      reading.list.catch(() => {
        if (this.#kept.get(key) === reading) this.#kept.delete(key);
      });
      while (this.#kept.size > KEPT_LISTS) this.#kept.delete(this.#kept.keys().next().value!);
    }
    const { rows, leftOut } = await kept.list;
    const sortKey = `${args.sort.column}:${args.sort.desc}`;
    let sorted = kept.sorted.get(sortKey);
    if (!sorted) {
      sorted = sortStock(rows, args.sort);
      kept.sorted.clear(); // one order kept at a time: a list can be 100,000 rows
      kept.sorted.set(sortKey, sorted);
    }
    const pageSize = args.pageSize ?? 50;
    const lastPage = Math.max(1, Math.ceil(sorted.length / pageSize));
    const page = Math.min(args.page ?? 1, lastPage);
    return {
      count: sorted.length,
      page,
      results: sorted.slice((page - 1) * pageSize, page * pageSize),
      leftOut,
      readAt: new Date(kept.readAt).toISOString(),
      ...(kept.readBy ? { readBy: kept.readBy } : {}),
    };
  }

  /** Read here, or the floor's shared read of these filters (its time and station kept). */
  async #read(
    deps: SortedStockDeps,
    filters: InventoryFilters,
    force: boolean,
    ctx: CallContext,
    kept: Kept,
  ): Promise<StockListRead> {
    const read = async (): Promise<StockListRead> => {
      const { rows, leftOut } = await wholeList(
        deps,
        filters,
        ctx,
        'Reading every stock row to sort them',
      );
      return { rows, leftOut };
    };
    if (!deps.sharedStockList) return read();
    const shared = await deps.sharedStockList(read, {
      force,
      check: stockListOf,
      scope: JSON.stringify(filters),
    });
    if (shared.source !== 'alone') kept.readAt = shared.countedAt.getTime();
    if (shared.source === 'floor' && shared.countedBy) kept.readBy = shared.countedBy;
    return shared.value;
  }
}

/** A kept copy read back: the list's shape, or undefined (it is read again). */
function stockListOf(value: unknown): StockListRead | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { rows, leftOut } = value as { rows?: unknown; leftOut?: unknown };
  if (!Array.isArray(rows) || typeof leftOut !== 'number') return undefined;
  const rowsOk = rows.every(
    (r) =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as StockLevel).product_id === 'number' &&
      typeof (r as StockLevel).on_hand === 'number',
  );
  return rowsOk ? { rows: rows as StockLevel[], leftOut } : undefined;
}
