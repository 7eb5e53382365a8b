/**
 * The pack log, one collection of the selected connection's local store: the API has no
 * "packed" state, so what a station verified and printed is kept here, per connection, one
 * record per order (the latest pack; `times` counts repacks). Each change is one committed
 * transaction of the store, so it survives a restart and a kill.
 */

import { packedLineSchema, packOverrideSchema } from '@shared/contract/pack-record-schemas';
import type { PackedPrint, PackRecord } from '@shared/contract/packing-values';
import { z } from 'zod';
import {
  type Collection,
  defineCollection,
  type LocalStore,
  packedSince,
  put,
} from '../../kernel/local-store';

const packRecordSchema = z.object({
  orderId: z.number().int().positive(),
  orderName: z.string().min(1).max(80),
  packedAt: z.iso.datetime({ offset: true }),
  packedBy: z.string().min(1).max(80),
  station: z.string().max(80),
  lines: z.array(packedLineSchema).max(500),
  printed: z
    .array(
      z.object({
        kind: z.string().min(1).max(40),
        printer: z.string().max(200),
        jobId: z.string().min(1).max(64),
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .max(60),
  times: z.number().int().min(1).max(1_000_000),
  /** Gates passed on purpose (pack-gate.ts): which, why, when; by `packedBy`. */
  overrides: z.array(packOverrideSchema).max(20).optional(),
});

export const packLog: Collection<PackRecord> = defineCollection(
  'packLog',
  packRecordSchema,
  (record) => String(record.orderId),
);

/**
 * The records asked for (all when no ids), newest first, from `since` on when given. "Packed
 * today" (a time, no ids) is the store's indexed query; by ids, only those records are read.
 */
export function packRecords(
  store: LocalStore,
  options: { orderIds?: readonly number[] | undefined; since?: string | undefined } = {},
): PackRecord[] {
  const { orderIds, since } = options;
  if (orderIds === undefined && since !== undefined) {
    return store.select(packLog, packedSince, { since });
  }
  const all =
    orderIds === undefined
      ? store.list(packLog)
      : store.getMany(
          packLog,
          orderIds.map((id) => String(id)),
        );
  const from = since === undefined ? undefined : Date.parse(since);
  return all
    .filter((r) => from === undefined || Date.parse(r.packedAt) >= from)
    .sort((a, b) => Date.parse(b.packedAt) - Date.parse(a.packedAt));
}

/**
 * Records a pack: a repack of the same order replaces it and counts up; what was printed
 * before is dropped, and what was printed for this pack (packComplete) goes in the same write.
 */
export async function recordPack(
  store: LocalStore,
  pack: Omit<PackRecord, 'times' | 'printed'> & { printed?: readonly PackedPrint[] },
): Promise<PackRecord> {
  const before = store.get(packLog, String(pack.orderId));
  const record: PackRecord = {
    ...pack,
    printed: [...(pack.printed ?? [])],
    times: (before?.times ?? 0) + 1,
  };
  await store.commit([put(packLog, record)]);
  return record;
}

/** Adds what was printed for a packed order (the newest last; the oldest go past 60). */
export async function addPrints(
  store: LocalStore,
  orderId: number,
  printed: readonly PackedPrint[],
): Promise<PackRecord | undefined> {
  const before = store.get(packLog, String(orderId));
  if (!before) return undefined;
  const record: PackRecord = { ...before, printed: [...before.printed, ...printed].slice(-60) };
  await store.commit([put(packLog, record)]);
  return record;
}
