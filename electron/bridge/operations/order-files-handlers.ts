/**
 * The order methods that answer files: one document of an order, label and document batches
 * (PDF, as BinaryFile), and the CSV export (written to disk).
 */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, background, interactive } from './api-deps';
import { downloadFile } from './binary-file';
import { defaultExportName, listCount, resolveTarget, runExport } from './export-file';
import { orderFilterQuery } from './query';

type OrderFileMethod =
  | 'ordersDocumentDownload'
  | 'ordersLabelsBatch'
  | 'ordersDocumentsBatch'
  | 'ordersExport';

export function createOrderFileHandlers(deps: ApiHandlerDeps): HandlersFor<OrderFileMethod> {
  const now = deps.now ?? (() => new Date());
  return {
    ordersDocumentDownload: async (args, ctx) => {
      const api = await deps.client();
      return downloadFile(
        () =>
          api.stream(
            'orders_document_download',
            { path: { id: args.id, kind: args.kind } },
            interactive(ctx),
          ),
        `order-${args.id}-${args.kind}`,
        ctx.signal,
      );
    },

    ordersLabelsBatch: async (args, ctx) => {
      const api = await deps.client();
      return downloadFile(
        () =>
          api.stream(
            'orders_labels_batch_create',
            { body: { order_ids: args.orderIds } },
            interactive(ctx),
          ),
        `labels-${args.orderIds.length}-orders`,
        ctx.signal,
      );
    },

    ordersDocumentsBatch: async (args, ctx) => {
      const api = await deps.client();
      return downloadFile(
        () =>
          api.stream(
            'orders_documents_create',
            { body: { order_ids: args.orderIds, kinds: args.kinds } },
            interactive(ctx),
          ),
        `documents-${args.orderIds.length}-orders`,
        ctx.signal,
      );
    },

    ordersExport: async (args, ctx) => {
      const target = await resolveTarget(args.destination, deps.exportDir);
      const api = await deps.client();
      const query = orderFilterQuery(args.filters);
      return runExport(
        {
          open: () => api.stream('orders_export_retrieve', { query }, background(ctx)),
          count: listCount(api, 'orders_list', query, background(ctx)),
          noun: 'orders',
        },
        target,
        defaultExportName('orders', now()),
        ctx,
      );
    },
  };
}
