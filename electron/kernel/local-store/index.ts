export type { BlobInfo, BlobSource } from './blob-files';
export {
  type Collection,
  defineCollection,
  LocalStoreError,
  put,
  remove,
  type StoreOp,
} from './collection';
export { LocalStore, type OpenLocalStoreOptions, openLocalStore } from './local-store';
export { connectionFolderName, LocalStores } from './local-stores';
export {
  batchesNotFinished,
  packedSince,
  type QueryParams,
  type RecordQuery,
  recordQuery,
} from './record-queries';

/** How a feature's handlers reach the selected connection's store (created in create-bridge). */
export type SelectedLocalStore = () => Promise<import('./local-store').LocalStore>;
