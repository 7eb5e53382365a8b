/**
 * The "reviewed" marks on returns, one collection of the selected connection's local store:
 * the API cannot move a return through its lifecycle, so what a clerk has looked at (who,
 * when, a note) is kept here, per connection, keyed by the return's id.
 */

import type { ReturnReview } from '@shared/contract/clerk-values';
import { z } from 'zod';
import {
  type Collection,
  defineCollection,
  type LocalStore,
  put,
  remove,
} from '../../kernel/local-store';

/** A review mark as kept: the station's store reads it with this, and the floor's marks too. */
export const returnReviewSchema = z.object({
  returnId: z.number().int().positive(),
  rmaNumber: z.string().max(64).nullable(),
  reviewedAt: z.iso.datetime(),
  reviewedBy: z.string().min(1).max(80),
  note: z.string().max(2000),
});

export const returnReviews: Collection<ReturnReview> = defineCollection(
  'returnReviews',
  returnReviewSchema,
  (review) => String(review.returnId),
);

/** Every review, or those of these returns (the visible rows: one query, in their order). */
export function reviewsOf(store: LocalStore, ids?: readonly number[]): ReturnReview[] {
  if (ids === undefined) return store.list(returnReviews);
  return store.getMany(
    returnReviews,
    ids.map((id) => String(id)),
  );
}

export async function saveReview(store: LocalStore, review: ReturnReview): Promise<ReturnReview> {
  await store.commit([put(returnReviews, review)]);
  return review;
}

export async function clearReview(store: LocalStore, returnId: number): Promise<boolean> {
  if (store.get(returnReviews, String(returnId)) === undefined) return false;
  await store.commit([remove(returnReviews, String(returnId))]);
  return true;
}

/** Looks a review up by the return's id or, failing that, its RMA number (CSV rows). */
export function reviewFinder(
  reviews: readonly ReturnReview[],
): (row: { id?: string; rma?: string }) => ReturnReview | undefined {
  const byId = new Map(reviews.map((r) => [String(r.returnId), r]));
  const byRma = new Map(
    reviews.filter((r) => r.rmaNumber).map((r) => [String(r.rmaNumber).toUpperCase(), r]),
  );
  return ({ id, rma }) =>
    (id ? byId.get(id.trim()) : undefined) ??
    (rma ? byRma.get(rma.trim().toUpperCase()) : undefined);
}
