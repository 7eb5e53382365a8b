/**
 * The per-connection local store (electron/kernel/local-store), as printing uses it: batches
 * are kept there (batch-journal.ts). One import path for the printing code.
 */
export {
  batchesNotFinished,
  type Collection,
  defineCollection,
  LocalStore,
  LocalStoreError,
  put,
  remove,
  type StoreOp,
} from '../../../kernel/local-store';
