/** Orders: list, create, facets, export, retrieve, refresh tracking, address check. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../server/api-error';
import { checkOrderBounds } from '../server/body-bounds';
import { absoluteUrl, HEAVY, intParam, originOf, type SandboxContext } from '../server/context';
import { parseOrderRequest } from '../server/order-request';
import { pageUrlFor, paginate, readPageRequest } from '../server/pagination';
import { csvFileName } from './csv-reply';
import { pageBody } from './order-json';
import { OrderMatches, servedOrder } from './order-views';
import { ReusedBuffers } from './reused-buffers';

/** What Fastify sends an object as; bytes already in JSON are sent with the same type. */
const JSON_TYPE = 'application/json; charset=utf-8';

type IdParams = { Params: { id: string }; Querystring: Record<string, string> };

export function registerOrderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { orders } = ctx.dataset;
  const matches = new OrderMatches(orders);
  const json = ctx.orderJson;
  const pages = new ReusedBuffers();

  app.get<{ Querystring: Record<string, string> }>('/api/orders/', async (request, reply) => {
    const page = readPageRequest(request.query);
    const rows = matches.match(request.query);
    const served = paginate(rows.length, page, pageUrlFor(absoluteUrl(request)), (start, end) =>
      rows.slice(start, end).map((row) => row.id),
    );
    const results = await json.bodies(served.results, originOf(request));
    const { body, whole } = pageBody({ ...served, results }, pages);
    // Used again only once the socket has every byte; a response cut short keeps its buffer.
    reply.raw.once('finish', () => pages.give(whole));
    return reply.type(JSON_TYPE).send(body);
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName('orders')}"`)
        .send(ctx.orderCsv.export(rows.map((row) => row.id)));
    },
  );

  app.get<IdParams>('/api/orders/:id/', async (request, reply) => {
    const id = intParam(request.params.id);
    const body = id === undefined ? undefined : json.body(id, originOf(request));
    if (body === undefined) throw notFound('No order with this id.');
    return reply.type(JSON_TYPE).send(body);
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
