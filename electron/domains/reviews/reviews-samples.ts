/**
 * A valid argument object for each of the reviews domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const REVIEWS_SAMPLES = {
  returnReviewsList: { returnIds: [1, 2] },
  returnReviewSet: { returnId: 1, rmaNumber: 'RMA-2026-000001', note: 'Checked the photos' },
  returnReviewClear: { returnId: 1 },
  returnDispositionsList: { returnIds: [1] },
  returnDispositionSet: {
    returnId: 1,
    lineIndex: 0,
    sku: 'BAR-0108',
    name: 'Oat bar',
    quantity: 2,
    received: true,
    condition: 'opened',
    action: 'restock',
  },
  returnDispositionsExport: { operationId: 'export-dispositions-1' },
  pulledMarksList: {},
  pulledMarkSet: {
    productId: 1,
    sku: 'BAR-0108',
    locationId: 0,
    binId: 4,
    binCode: 'A-01-02',
    batchId: 7,
    batchCode: 'L2026-11',
    quantity: 12,
  },
} satisfies ArgSamples;
