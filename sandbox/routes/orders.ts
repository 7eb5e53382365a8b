/** Orders: list, create, facets, export, retrieve, refresh tracking, address check. */
import type { FastifyInstance } from 'fastify';
import { ordersCsv } from '../documents';
import { notFound } from '../server/api-error';
import { checkOrderBounds } from '../server/body-bounds';
import { absoluteUrl, HEAVY, intParam, originOf, type SandboxContext } from '../server/context';
import { parseOrderRequest } from '../server/order-request';
import { pageUrlFor, paginate, readPageRequest } from '../server/pagination';
import { csvFileName } from './csv-reply';
import { materialise, OrderMatches, servedOrder } from './order-views';

type IdParams = { Params: { id: string }; Querystring: Record<string, string> };

export function registerOrderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { orders } = ctx.dataset;
  const matches = new OrderMatches(orders);

  app.get<{ Querystring: Record<string, string> }>('/api/orders/', async (request) => {
    const page = readPageRequest(request.query);
    const rows = matches.match(request.query);
    const origin = originOf(request);
    return paginate(rows.length, page, pageUrlFor(absoluteUrl(request)), (start, end) =>
      [...materialise(orders, rows.slice(start, end))].map((o) => servedOrder(o, origin)),
    );
  });

  app.post('/api/orders/', async (request, reply) => {
    checkOrderBounds(request.body);
    const order = orders.create(parseOrderRequest(request.body));
    return reply.status(201).send(servedOrder(order, originOf(request)));
  });

  app.get('/api/orders/facets/', async () => facets(orders.rows));

  app.get<{ Querystring: Record<string, string> }>(
    '/api/orders/export/',
    HEAVY,
    async (request, reply) => {
      const rows = matches.match(request.query);
      const origin = originOf(request);
      const served = (function* () {
        for (const o of materialise(orders, rows)) yield servedOrder(o, origin);
      })();
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName('orders')}"`)
        .send(ordersCsv(served));
    },
  );

  app.get<IdParams>('/api/orders/:id/', async (request) => {
    const order = lookup(request.params.id);
    return servedOrder(order, originOf(request));
  });

  app.post<IdParams>('/api/orders/:id/refresh-tracking/', async (request) => {
    const id = intParam(request.params.id);
    const result = id === undefined ? undefined : orders.refreshTracking(id);
    if (!result) throw notFound('No order with this id.');
    return result;
  });

  app.get<IdParams>('/api/address-checks/orders/:id/', async (request) => {
    const id = intParam(request.params.id);
    const check = id === undefined ? undefined : orders.addressCheck(id);
    if (!check) throw notFound('No order with this id.');
    return check;
  });

  function lookup(raw: string) {
    const id = intParam(raw);
    const order = id === undefined ? undefined : orders.get(id);
    if (!order) throw notFound('No order with this id.');
    return order;
  }
}

/** The filter values in use, sorted, for the console's filter menus. */
function facets(
  rows: readonly {
    payment_status: string | null;
    fulfillment_status: string | null;
    channel: string | null;
  }[],
) {
  const payment = new Set<string>();
  const fulfillment = new Set<string>();
  const channel = new Set<string>();
  for (const r of rows) {
    if (r.payment_status) payment.add(r.payment_status);
    if (r.fulfillment_status) fulfillment.add(r.fulfillment_status);
    if (r.channel) channel.add(r.channel);
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return {
    payment_status: sorted(payment),
    fulfillment_status: sorted(fulfillment),
    channel: sorted(channel),
  };
}
