/**
 * A valid argument object for each of the packing domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const PACKING_SAMPLES = {
  packLogList: { since: '2026-11-24T00:00:00.000Z' },
  packLogRecord: {
    orderId: 1,
    orderName: '#1001',
    lines: [{ sku: 'BAR-0108', qty: 2, scanned: 1, byHand: 1 }],
  },
  packLogPrinted: {
    orderId: 1,
    printed: [
      { kind: 'shipping_label', printer: 'Zebra', jobId: 'job-1', at: '2026-11-24T08:00:00Z' },
    ],
  },
  packComplete: {
    orderId: 1,
    orderName: '#1001',
    lines: [{ sku: 'BAR-0108', qty: 2, scanned: 2, byHand: 0 }],
    print: { label: true, packingSlip: true },
  },
  orderIndexFind: { code: '5200002968530' },
  orderIndexRefresh: {},
  orderIndexStatus: {},
  orderIndexStop: {},
} satisfies ArgSamples;
