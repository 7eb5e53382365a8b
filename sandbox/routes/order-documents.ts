/**
 * Order documents and labels as PDFs: the per-order document list and download, and the two
 * batch endpoints that merge many orders into one file in the order asked for.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM } from '../../shared/api/enums.gen';
import type { Order } from '../data/types';
import {
  type DocumentKind,
  orderDocumentPdf,
  orderDocumentsPdf,
  orderLabelsPdf,
} from '../documents';
import { ApiError, notFound } from '../server/api-error';
import { HEAVY, intParam, originOf, type SandboxContext } from '../server/context';
import { binLookup, labelInputs, orderSelection, shipFromOf } from './order-selection';
import { servedOrder } from './order-views';

const SINGLE_KINDS = ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM;
const TITLES: Record<DocumentKind, string> = {
  shipping_label: 'Shipping label',
  packing_slip: 'Packing slip',
  pick_list: 'Pick list',
  commercial_invoice: 'Commercial invoice',
};

export function registerOrderDocumentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { orders } = ctx.dataset;
  const shipFrom = shipFromOf(ctx.dataset);
  const binFor = binLookup(ctx.dataset);

  app.get<{ Params: { id: string } }>('/api/orders/:id/documents/', async (request) => {
    const order = find(request.params.id);
    const origin = originOf(request);
    const served = servedOrder(order, origin);
    const base = `${origin}/api/orders/${order.id}/documents`;
    const label = served.shipments.find((s) => typeof s.label_url === 'string' && s.label_url);
    const map: Record<string, unknown> = {
      shipping_label: {
        kind: 'shipping_label',
        title: TITLES.shipping_label,
        content_type: 'application/pdf',
        url: label?.label_url ?? null,
        available: label !== undefined,
      },
    };
    for (const kind of SINGLE_KINDS) {
      map[kind] = {
        kind,
        title: TITLES[kind],
        content_type: 'application/pdf',
        url: `${base}/${kind}/`,
        available: kind !== 'commercial_invoice' || needsInvoice(order, shipFrom.country),
      };
    }
    return map;
  });

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/orders/:id/documents/:kind/',
    HEAVY,
    async (request, reply) => {
      const order = find(request.params.id);
      const kind = SINGLE_KINDS.find((k) => k === request.params.kind);
      if (!kind) {
        throw notFound(`Unknown document kind; use one of: ${SINGLE_KINDS.join(', ')}.`);
      }
      if (kind === 'commercial_invoice' && !needsInvoice(order, shipFrom.country)) {
        throw new ApiError(
          404,
          'document_not_available',
          'A commercial invoice is only made for shipments that cross a border.',
        );
      }
      return sendPdf(
        reply,
        await orderDocumentPdf(order, kind, { shipFrom, binFor }),
        `${kind}-${order.id}`,
      );
    },
  );

  app.post('/api/orders/labels-batch/', HEAVY, async (request, reply) => {
    const selected = orderSelection(orders, request.body, false);
    const labels = selected.orders.flatMap((o) => labelInputs(o, shipFrom));
    if (labels.length === 0) {
      throw new ApiError(400, 'no_labels', 'None of the selected orders has a shipping label.');
    }
    return sendPdf(reply, await orderLabelsPdf(labels), 'labels');
  });

  app.post('/api/orders/documents/', HEAVY, async (request, reply) => {
    const selected = orderSelection(orders, request.body, true);
    const kinds = selected.kinds;
    const entries = selected.orders
      .map((order) => ({
        order,
        kinds: kinds.filter(
          (k) => k !== 'commercial_invoice' || needsInvoice(order, shipFrom.country),
        ),
        label: labelInputs(order, shipFrom),
      }))
      .filter((e) => e.kinds.some((k) => k !== 'shipping_label' || e.label.length > 0));
    if (entries.length === 0) {
      throw new ApiError(400, 'no_documents', 'None of the selected orders has these documents.');
    }
    return sendPdf(reply, await orderDocumentsPdf(entries, { shipFrom, binFor }), 'documents');
  });

  function find(raw: string): Order {
    const id = intParam(raw);
    const order = id === undefined ? undefined : orders.get(id);
    if (!order) throw notFound('No order with this id.');
    return order;
  }
}

/** An invoice for customs is needed when the parcel leaves the sending country. */
function needsInvoice(order: Order, fromCountry: string): boolean {
  return order.country.toUpperCase() !== fromCountry.toUpperCase();
}

function sendPdf(reply: FastifyReply, bytes: Uint8Array, name: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${name}.pdf"`)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
