/**
 * The files the API's answers link to: label PDFs behind the `label_url` of an order's
 * shipments, and product pictures behind a product's `image`. They need the key like every
 * other endpoint (the onRequest hook in server/app.ts; issue 17.7) and spend the rate limit,
 * labels the tighter PDF budget too. See sandbox/README.md.
 */
import type { FastifyInstance } from 'fastify';
import { catalogBySku, productCategory } from '../data/catalog';
import { orderLabelsPdf, productImagePng } from '../documents';
import { notFound } from '../server/api-error';
import { HEAVY, type SandboxContext } from '../server/context';
import { labelInputs, shipFromOf } from './order-selection';

type FileParams = { Params: { file: string } };

export function registerMediaRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const shipFrom = shipFromOf(ctx.dataset);
  app.get<FileParams>('/media/labels/:file', HEAVY, async (request, reply) => {
    const match = /^(\d{1,15})-(\d{1,15})\.pdf$/.exec(request.params.file);
    const order = match ? ctx.dataset.orders.get(Number(match[1])) : undefined;
    const label = order
      ? labelInputs(order, shipFrom).find((l) => String(l.shipment.id) === match?.[2])
      : undefined;
    if (!label) throw notFound('No such label.');
    const bytes = await orderLabelsPdf([label]);
    return reply.type('application/pdf').send(Buffer.from(bytes));
  });

  const bySku = catalogBySku(ctx.dataset.catalog);
  app.get<FileParams>('/media/products/:file', async (request, reply) => {
    const match = /^(.{1,64})\.png$/.exec(request.params.file);
    const product = match ? bySku.get(match[1] ?? '') : undefined;
    // Products whose `image` is "" have no picture to serve.
    const category = product?.image ? productCategory(product) : undefined;
    if (!product || !category) throw notFound('No such product image.');
    // The same SKU always gives the same bytes: clients may keep it (per key, not shared).
    return reply
      .type('image/png')
      .header('Cache-Control', 'private, max-age=86400')
      .send(productImagePng(product.sku, category));
  });
}
