/**
 * What other domains may use of the orders (electron/README.md: a domain imports another only
 * through its index.ts): the one-POST create and the creates kept until their outcome is
 * known, which the floor's shared creates build on.
 */
export {
  type CreateRequest,
  type CreateResolution,
  createOrderOnce,
} from './order-create';
export { type PendingCreate, PendingCreates } from './pending-creates';
