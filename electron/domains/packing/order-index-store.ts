/**
 * The orders a pack station can pack, kept in the selected connection's local store so a
 * scan of a storefront or external order id finds its order: the API's order search (`q`)
 * does not cover those fields (issue 28). One record per order, plus one record saying when
 * the index was last read whole; a refresh replaces what changed and removes what left the
 * `labels` and `open` stages, in one committed transaction.
 */

import type { OrderIndexHit } from '@shared/contract/packing-values';
import { z } from 'zod';
import {
  defineCollection,
  type LocalStore,
  put,
  remove,
  type StoreOp,
} from '../../kernel/local-store';

/** The stages an order can be packed in (spec: the order list's `stage` view). */
export const PACKABLE_STAGES = ['labels', 'open'] as const;

export const entrySchema = z.object({
  orderId: z.number().int().positive(),
  orderName: z.string().max(80),
  recipient: z.string().max(120),
  stage: z.enum(PACKABLE_STAGES),
  externalId: z.string().max(64).nullable(),
  storefrontOrderId: z.string().max(40).nullable(),
});
export type OrderIndexEntry = z.infer<typeof entrySchema>;

const metaSchema = z.object({
  key: z.literal('index'),
  refreshedAt: z.iso.datetime({ offset: true }),
  count: z.number().int().min(0),
});
export type OrderIndexMeta = z.infer<typeof metaSchema>;

export const orderIndex = defineCollection('orderIndex', entrySchema, (e) => String(e.orderId));
export const orderIndexMeta = defineCollection('orderIndexMeta', metaSchema, (m) => m.key);

/** The order's fields the index reads; anything else in the answer is ignored. */
export interface IndexedOrder {
  id: number;
  order_name?: string | null;
  recipient_name?: string;
  external_id?: string | null;
  storefront_order_id?: number | null;
}

/** What a record is built from: an order as the API answered it (odd fields become null). */
export function entryOf(order: IndexedOrder, stage: OrderIndexEntry['stage']): OrderIndexEntry {
  const text = (v: unknown, max: number) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
  const storefront = order.storefront_order_id;
  return {
    orderId: order.id,
    orderName: text(order.order_name, 80) ?? `#${order.id}`,
    recipient: text(order.recipient_name, 120) ?? '',
    stage,
    externalId: text(order.external_id, 64),
    storefrontOrderId:
      typeof storefront === 'number' && Number.isSafeInteger(storefront) && storefront > 0
        ? String(storefront)
        : null,
  };
}

const same = (a: OrderIndexEntry, b: OrderIndexEntry) =>
  a.orderName === b.orderName &&
  a.recipient === b.recipient &&
  a.stage === b.stage &&
  a.externalId === b.externalId &&
  a.storefrontOrderId === b.storefrontOrderId;

/** Replaces the index with a whole fresh read: only the changes are written. */
export async function replaceIndex(
  store: LocalStore,
  entries: readonly OrderIndexEntry[],
  at: Date,
): Promise<{ added: number; changed: number; removed: number }> {
  const before = new Map(store.list(orderIndex).map((e) => [e.orderId, e]));
  const ops: StoreOp[] = [];
  let added = 0;
  let changed = 0;
  for (const entry of entries) {
    const old = before.get(entry.orderId);
    before.delete(entry.orderId);
    if (old && same(old, entry)) continue;
    if (old) changed += 1;
    else added += 1;
    ops.push(put(orderIndex, entry));
  }
  for (const gone of before.keys()) ops.push(remove(orderIndex, String(gone)));
  ops.push(
    put(orderIndexMeta, { key: 'index', refreshedAt: at.toISOString(), count: entries.length }),
  );
  await store.commit(ops);
  return { added, changed, removed: before.size };
}

export function indexMeta(store: LocalStore): OrderIndexMeta | undefined {
  return store.get(orderIndexMeta, 'index');
}

/** Case and surrounding blanks do not count. */
export function normalizeId(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The orders whose storefront or external id is the code, exactly. */
export function findInIndex(store: LocalStore, raw: string): OrderIndexHit[] {
  const code = normalizeId(raw);
  if (code === '') return [];
  const hits: OrderIndexHit[] = [];
  for (const e of store.list(orderIndex)) {
    const field =
      e.storefrontOrderId !== null && normalizeId(e.storefrontOrderId) === code
        ? 'storefront order id'
        : e.externalId !== null && normalizeId(e.externalId) === code
          ? 'external id'
          : null;
    if (field) {
      hits.push({
        orderId: e.orderId,
        orderName: e.orderName,
        recipient: e.recipient,
        stage: e.stage,
        field,
      });
    }
  }
  return hits;
}
