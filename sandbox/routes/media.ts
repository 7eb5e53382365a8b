/**
 * Label files behind the `label_url` of an order's shipments. A real service hands out
 * storage URLs for these; the sandbox serves them itself, without a key (as a signed storage
 * URL needs none). See sandbox/README.md.
 */
import type { FastifyInstance } from 'fastify';
import { orderLabelsPdf } from '../documents';
import { notFound } from '../server/api-error';
import type { SandboxContext } from '../server/context';
import { labelInputs, shipFromOf } from './order-selection';

export function registerMediaRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const shipFrom = shipFromOf(ctx.dataset);
  app.get<{ Params: { file: string } }>('/media/labels/:file', async (request, reply) => {
    const match = /^(\d{1,15})-(\d{1,15})\.pdf$/.exec(request.params.file);
    const order = match ? ctx.dataset.orders.get(Number(match[1])) : undefined;
    const label = order
      ? labelInputs(order, shipFrom).find((l) => String(l.shipment.id) === match?.[2])
      : undefined;
    if (!label) throw notFound('No such label.');
    const bytes = await orderLabelsPdf([label]);
    return reply.type('application/pdf').send(Buffer.from(bytes));
  });
}
