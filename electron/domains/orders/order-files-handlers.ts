/**
 * The order methods that answer files: one document of an order, label and document batches
 * (PDF, as BinaryFile), and the CSV export (written to disk).
 */
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { ApiHandlerDeps } from '../../kernel/operations/api-deps';
import { exportMethod, fileMethod } from '../../kernel/operations/file-methods';
import { orderFilterQuery } from '../../kernel/operations/query';

export function createOrderFileHandlers(deps: ApiHandlerDeps) {
  return asHandlers({
    ordersDocumentDownload: fileMethod(
      deps,
      'orders_document_download',
      (a) => ({ path: { id: a.id, kind: a.kind } }),
      (a) => `order-${a.id}-${a.kind}`,
    ),
    ordersLabelsBatch: fileMethod(
      deps,
      'orders_labels_batch_create',
      (a) => ({ body: { order_ids: a.orderIds } }),
      (a) => `labels-${a.orderIds.length}-orders`,
    ),
    ordersDocumentsBatch: fileMethod(
      deps,
      'orders_documents_create',
      (a) => ({ body: { order_ids: a.orderIds, kinds: a.kinds } }),
      (a) => `documents-${a.orderIds.length}-orders`,
    ),
    ordersExport: exportMethod(deps, 'orders', {
      query: (a) => orderFilterQuery(a.filters),
      open: (api, query, call) => api.stream('orders_export_retrieve', { query }, call),
    }),
  } satisfies Partial<Handlers>);
}
