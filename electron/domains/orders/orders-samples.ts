/**
 * A valid argument object for each of the orders domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const ORDERS_SAMPLES = {
  ordersList: { filters: { stage: 'open' }, page: 1, pageSize: 50 },
  ordersGet: { id: 1 },
  ordersCreate: { order: { channel: 'web' } },
  ordersCreatePending: { reference: '00000000-0000-4000-8000-000000000031' },
  ordersFacets: {},
  ordersExport: { filters: {}, operationId: 'export-orders-1' },
  ordersFetchAllIds: { operationId: 'fetch-all-ids-1' },
  ordersDocuments: { id: 1 },
  ordersDocumentDownload: { id: 1, kind: 'packing_slip' },
  ordersLabelsBatch: { orderIds: [1, 2] },
  ordersDocumentsBatch: { orderIds: [1], kinds: ['shipping_label', 'packing_slip'] },
  ordersRefreshTracking: { id: 1 },
  addressCheckGet: { orderId: 1 },
  productImage: { url: 'https://api.example.com/media/products/BAR-0108.png' },
} satisfies ArgSamples;
