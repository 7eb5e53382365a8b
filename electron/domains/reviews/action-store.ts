/**
 * Two collections of the selected connection's local store for what the API cannot keep
 * (issue 32): a disposition per return line (received, condition, restock or write off) and
 * a pulled mark per recalled or expired batch at a bin. Each record carries who and when.
 */

import {
  LINE_ACTIONS,
  LINE_CONDITIONS,
  type LineDisposition,
  type PulledMark,
  pulledKey,
} from '@shared/contract/action-values';
import { z } from 'zod';
import {
  type Collection,
  defineCollection,
  type LocalStore,
  put,
  remove,
} from '../../kernel/local-store';

const dispositionSchema = z.object({
  returnId: z.number().int().positive(),
  lineIndex: z.number().int().min(0),
  lineId: z.number().int().nullable(),
  rmaNumber: z.string().max(64).nullable(),
  sku: z.string().max(64),
  name: z.string().max(200),
  quantity: z.number().int().min(0),
  received: z.boolean(),
  condition: z.enum(LINE_CONDITIONS).nullable(),
  action: z.enum(LINE_ACTIONS).nullable(),
  recordedAt: z.iso.datetime(),
  recordedBy: z.string().min(1).max(80),
});

const dispositionKey = (d: Pick<LineDisposition, 'returnId' | 'lineIndex'>) =>
  `${d.returnId}:${d.lineIndex}`;

export const lineDispositions: Collection<LineDisposition> = defineCollection(
  'lineDispositions',
  dispositionSchema,
  dispositionKey,
);

const pulledSchema = z.object({
  productId: z.number().int().positive(),
  sku: z.string().max(64),
  locationId: z.number().int(),
  binId: z.number().int().nullable(),
  binCode: z.string().max(64),
  batchId: z.number().int(),
  batchCode: z.string().max(64),
  quantity: z.number().int().min(1),
  pulledAt: z.iso.datetime(),
  pulledBy: z.string().min(1).max(80),
});

export const pulledMarks: Collection<PulledMark> = defineCollection(
  'pulledMarks',
  pulledSchema,
  pulledKey,
);

/** Every disposition, or those of these returns, in return then line order. */
export function dispositionsOf(
  store: LocalStore,
  returnIds?: readonly number[],
): LineDisposition[] {
  const all = store.list(lineDispositions);
  const wanted = returnIds === undefined ? undefined : new Set(returnIds);
  return all
    .filter((d) => wanted === undefined || wanted.has(d.returnId))
    .sort((a, b) => a.returnId - b.returnId || a.lineIndex - b.lineIndex);
}

export function dispositionAt(
  store: LocalStore,
  returnId: number,
  lineIndex: number,
): LineDisposition | undefined {
  return store.get(lineDispositions, dispositionKey({ returnId, lineIndex }));
}

export async function saveDisposition(
  store: LocalStore,
  disposition: LineDisposition,
): Promise<LineDisposition> {
  await store.commit([put(lineDispositions, disposition)]);
  return disposition;
}

export const pulledOf = (store: LocalStore): PulledMark[] => store.list(pulledMarks);

/** Saves the mark, or removes it when no unit is pulled any more (an undo). */
export async function savePulled(store: LocalStore, mark: PulledMark): Promise<PulledMark | null> {
  if (mark.quantity === 0) {
    if (store.get(pulledMarks, pulledKey(mark)) !== undefined) {
      await store.commit([remove(pulledMarks, pulledKey(mark))]);
    }
    return null;
  }
  await store.commit([put(pulledMarks, mark)]);
  return mark;
}
