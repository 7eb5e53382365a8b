/**
 * What other domains may use of the printing (electron/README.md: a domain imports another only
 * through its index.ts): the shape of the batches a floor shares with this station's printing,
 * which the floor implements (floor/work/batches/floor-batch-share.ts), and the local-store
 * collection of its printed marks, which the composition follows to the floor.
 */
export { printedMarks } from './service/printed-marks';
export type { SharedBatch, SharedBatches, SharedBatchTake } from './service/shared-batches';
