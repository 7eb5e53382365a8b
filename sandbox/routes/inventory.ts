/** Stock levels, product stock, location totals, and the locations. */
import type { FastifyInstance } from 'fastify';
import { stockFilter } from '../filters/inventory-filters';
import { notFound } from '../server/api-error';
import { absoluteUrl, intParam, originOf, type SandboxContext } from '../server/context';
import { pageUrlFor, paginate, readPageRequest } from '../server/pagination';

export function registerInventoryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { inventory, options } = ctx.dataset;

  app.get<{ Querystring: Record<string, string> }>('/api/inventory/', async (request) => {
    const page = readPageRequest(request.query);
    const test = stockFilter(request.query, options.now, inventory.upcomingExpiry);
    const matching = inventory.levels.filter(test);
    const origin = originOf(request);
    return paginate(matching.length, page, pageUrlFor(absoluteUrl(request)), (start, end) =>
      matching.slice(start, end).map((row) => withImageUrl(row, origin)),
    );
  });

  app.get('/api/inventory/location-stock/', async () => inventory.locationStock());

  app.get<{ Params: { id: string } }>('/api/inventory/:id/', async (request) => {
    const id = intParam(request.params.id);
    const stock = id === undefined ? undefined : inventory.product(id);
    if (!stock) throw notFound('No product with this id.');
    return { ...stock, product: withImageUrl(stock.product, originOf(request)) };
  });

  app.get('/api/locations/', async () => inventory.locations);

  app.get<{ Params: { id: string } }>('/api/locations/:id/', async (request) => {
    const id = intParam(request.params.id);
    const location = inventory.locations.find((l) => l.id === id);
    if (!location) throw notFound('No location with this id.');
    return location;
  });
}

/** A product's `image` path made absolute with the origin the client used, as `label_url` is. */
function withImageUrl<T extends { image?: string }>(item: T, origin: string): T {
  return item.image?.startsWith('/') ? { ...item, image: `${origin}${item.image}` } : item;
}
