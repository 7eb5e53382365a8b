/**
 * What other domains may use of the reviews (electron/README.md: a domain imports another only
 * through its index.ts): the return reviews' collection, which the floor shares between
 * stations, and the schema of one review mark, which the floor's own marks are read with.
 */
export { returnReviewSchema, returnReviews } from './review-store';
