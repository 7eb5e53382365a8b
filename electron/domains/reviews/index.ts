/**
 * What other domains may use of the reviews (electron/README.md: a domain imports another only
 * through its index.ts): the return reviews' collection, which the floor shares between
 * stations.
 */
export { returnReviews } from './review-store';
