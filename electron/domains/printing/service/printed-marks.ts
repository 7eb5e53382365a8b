/**
 * Printed marks: each order's last print of labels and of documents, one local-store record
 * per order and kind (the newest replaces the older), written with the batch's entries (the
 * same transaction as its "queued" entry), so a mark is never there without its job. Read by
 * the Orders grid and "Select unprinted" (printedMarksList).
 */

import type { PrintedMark } from '@shared/contract/printing-values';
import { z } from 'zod';
import {
  type Collection,
  defineCollection,
  type LocalStore,
  put,
  type StoreOp,
} from './local-store-port';

const markSchema = z.object({
  orderId: z.number().int().positive(),
  what: z.enum(['labels', 'documents']),
  at: z.string(),
  printer: z.string().max(200),
  jobId: z.string().min(1).max(64),
});

export const printedMarks: Collection<PrintedMark> = defineCollection(
  'printed-marks',
  markSchema,
  (m) => `${m.orderId}/${m.what}`,
);

export function markOp(mark: PrintedMark): StoreOp {
  return put(printedMarks, mark);
}

/** The marks of these orders (both kinds each, where printed): one query for the visible rows. */
export function marksOf(store: LocalStore, orderIds: readonly number[]): PrintedMark[] {
  return store.getMany(
    printedMarks,
    orderIds.flatMap((id) => [`${id}/labels`, `${id}/documents`]),
  );
}
