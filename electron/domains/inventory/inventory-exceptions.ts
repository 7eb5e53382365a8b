/**
 * The supervisor's board (issue 13) asks the API for what its filters can answer — a count
 * (`page_size=1`) of a filtered list — and, for what no filter finds, one walk of the stock
 * list keeping only the rows under a recall or holding expired stock, then the product stock
 * of the recalled products only (which batch is recalled, at which location). Everything at
 * background priority: the person's own clicks go first.
 *
 * The walk takes about 40 s on a large account (hundreds of requests at the account's rate),
 * so its last answer is kept on disk per connection (kept-list.ts's blob files, replaced
 * whole) and shown at the next launch, with its age, while a fresh walk runs behind it.
 */
import type { InventoryFilters } from '@shared/contract/arg-schemas';
import type { Api, InventoryExceptions } from '@shared/contract/values';
import { isPastExpiry } from '@shared/stock-expiry';
import type { CallContext } from '../../kernel/handler-types';
import { type ApiHandlerDeps, background } from '../../kernel/operations/api-deps';
import { boundedWalk } from '../../kernel/operations/bounded-walk';
import { KeptCopyLost, keptWriter, readKept } from '../../kernel/operations/kept-list';
import { inventoryListQuery } from '../../kernel/operations/query';
import type { SharedStockListRead } from './sorted-stock';

/** The kept walk's blob; the version changes whenever InventoryExceptions does. */
const KEPT_WALK = 'inventory-exceptions-v1';

/** Asked for on every page of the walk; the server clamps it to its maximum. */
const WALK_PAGE_SIZE = 1000;

export async function inventoryCount(
  deps: ApiHandlerDeps,
  filters: InventoryFilters | undefined,
  ctx: CallContext,
): Promise<{ count: number }> {
  const api = await deps.client();
  const page = await api.page(
    'inventory_list',
    { query: inventoryListQuery(filters, { page: 1, pageSize: 1 }) },
    background(ctx),
  );
  return { count: page.count };
}

const rowKey = (row: Api['StockLevel']) => `${row.product_id}@${row.location?.id}`;

/**
 * An expired product's stock cut to what the expired list and the board read: per location,
 * the batches past their date and the bins holding stock. The walk is kept on disk and read
 * back at every launch; a product's whole stock (every batch, every bin) would weigh on it.
 */
function pastDateOnly(stock: Api['ProductStock'], now: number): Api['ProductStock'] {
  const levels = (stock.levels ?? [])
    .map((level) => ({
      ...level,
      bin_breakdown: (level.bin_breakdown ?? []).filter((b) => (b.on_hand ?? 0) > 0),
      batch_breakdown: (level.batch_breakdown ?? []).filter((b) =>
        isPastExpiry(b.batch?.expires_at, now),
      ),
    }))
    .filter((level) => level.batch_breakdown.length > 0);
  return { ...stock, levels };
}

/** The products these rows name, once each, by id. */
const idsOf = (rows: readonly Api['StockLevel'][]) =>
  [...new Set(rows.map((r) => r.product_id))].sort((a, b) => a - b);

/**
 * On a floor (issue 29) the board's walk is read once for every supervisor desk: the floor's
 * shared walk hands a copy another desk counted in the last few minutes (its `at` says when),
 * or has this desk walk while the others wait for it. The inventory domain does not know the
 * floor: the composition hands this in (floor/walks/order-index-walk.ts floorSharedRead).
 */
export type SharedExceptionsRead = (
  read: () => Promise<InventoryExceptions>,
  options: { force: boolean; check: (value: unknown) => InventoryExceptions | undefined },
) => Promise<{ value: InventoryExceptions }>;

export interface InventoryHandlerDeps extends ApiHandlerDeps {
  sharedExceptions?: SharedExceptionsRead;
  /** The sorted stock list's read, shared by the floor (sorted-stock.ts). */
  sharedStockList?: SharedStockListRead;
}

export async function inventoryExceptions(
  deps: InventoryHandlerDeps,
  ctx: CallContext,
  now: number = Date.now(),
): Promise<InventoryExceptions> {
  const read = () => walkExceptions(deps, ctx, now);
  const found = deps.sharedExceptions
    ? (
        await deps.sharedExceptions(read, {
          force: false,
          check: (value) => (isWalk(value) ? value : undefined),
        })
      ).value
    : await read();
  await keepWalk(deps, found);
  return found;
}

/** This desk's own walk: the stock list, then the recalled and expired products. */
async function walkExceptions(
  deps: ApiHandlerDeps,
  ctx: CallContext,
  now: number,
): Promise<InventoryExceptions> {
  const api = await deps.client();
  const call = background(ctx);
  let requests = 0;
  const walk = await boundedWalk(
    async (page, pageSize, signal) => {
      requests += 1;
      return api.page(
        'inventory_list',
        { query: inventoryListQuery({}, { page, pageSize }) },
        { priority: 'background', signal },
      );
    },
    {
      pageSize: WALK_PAGE_SIZE,
      signal: call.signal,
      idOf: rowKey,
      what: 'stock rows',
      phase: 'Reading every stock row',
      advice: 'Expired and recalled stock are not counted; the other counts are.',
      progress: ctx.progress,
    },
  );
  const rows = walk.rows.filter(
    (row) => row.recall != null || isPastExpiry(row.earliest_expiry, now),
  );
  const recalledIds = idsOf(rows.filter((r) => r.recall != null));
  // The expired rows' products too: which batch is past its date, at which location, and the
  // bins there, so the expired list can be worked like the recall list (pulled marks).
  const expiredIds = idsOf(rows.filter((r) => isPastExpiry(r.earliest_expiry, now)));
  const productIds = [...new Set([...recalledIds, ...expiredIds])].sort((a, b) => a - b);
  const phase = 'Reading recalled and expired products';
  ctx.progress({ phase, done: 0, total: productIds.length });
  let read = 0;
  // All asked at once: the account-wide limiter spaces them behind interactive calls. A
  // product both recalled and expired is read once.
  const stocks = new Map(
    await Promise.all(
      productIds.map(async (productId) => {
        requests += 1;
        const stock = await api.json(
          'inventory_retrieve',
          { path: { product_id: productId } },
          call,
        );
        read += 1;
        ctx.progress({ phase, done: read, total: productIds.length });
        return [productId, stock] as const;
      }),
    ),
  );
  const stockOf = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const stock = stocks.get(id);
      return stock ? [stock] : [];
    });
  const recalled = stockOf(recalledIds);
  const expired = stockOf(expiredIds).map((stock) => pastDateOnly(stock, now));
  const found: InventoryExceptions = {
    rows,
    recalled,
    expired,
    scanned: walk.rows.length,
    requests,
    at: new Date(now).toISOString(),
  };
  return found;
}

/** Replaces the kept walk; a disk that refuses it costs the next launch its head start only. */
async function keepWalk(deps: ApiHandlerDeps, found: InventoryExceptions): Promise<void> {
  if (!deps.localStore) return;
  const writer = await keptWriter(deps.localStore, KEPT_WALK).catch(() => undefined);
  writer?.write(Buffer.from(JSON.stringify(found)));
  await writer?.finish().catch(() => undefined);
}

/**
 * The last walk kept for the selected connection, or null: none kept, or one that cannot be
 * read back (gone, cut short, damaged, another shape), which `lost` then names in words.
 */
export async function inventoryExceptionsKept(
  deps: ApiHandlerDeps,
): Promise<{ kept: InventoryExceptions | null; lost?: string }> {
  if (!deps.localStore) return { kept: null };
  try {
    const kept = await readKept(deps.localStore, KEPT_WALK);
    if (!kept) return { kept: null };
    const value: unknown = JSON.parse(await new Response(kept.source.body).text());
    if (isWalk(value)) return { kept: value };
    throw new KeptCopyLost('damaged');
  } catch (error) {
    // Let go, so the next launch does not trip over the same file.
    await deps
      .localStore()
      .then((store) => store.removeBlob(KEPT_WALK))
      .catch(() => {});
    return {
      kept: null,
      lost: lostSentence(error instanceof KeptCopyLost ? error.how : 'damaged'),
    };
  }
}

function lostSentence(how: KeptCopyLost['how']): string {
  const what =
    how === 'missing' ? 'is missing' : how === 'unreadable' ? 'cannot be read' : 'was damaged';
  return `The board kept from the last count ${what}: counting afresh.`;
}

/** The kept copy was checked when the API sent it; this only refuses a file of another shape. */
function isWalk(value: unknown): value is InventoryExceptions {
  const v = value as Partial<InventoryExceptions> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.rows) &&
    Array.isArray(v.recalled) &&
    typeof v.scanned === 'number' &&
    typeof v.requests === 'number' &&
    typeof v.at === 'string' &&
    !Number.isNaN(Date.parse(v.at))
  );
}
