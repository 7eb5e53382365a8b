/** The returns worklist: list, export, retrieve, and the return label file. */
import type { FastifyInstance } from 'fastify';
import { returnLabelContentType } from '../data/returns';
import { returnLabelFile, returnsCsv } from '../documents';
import { returnFilter } from '../filters/return-filters';
import { ApiError, notFound } from '../server/api-error';
import { absoluteUrl, HEAVY, intParam, type SandboxContext } from '../server/context';
import { pageUrlFor, paginate, readPageRequest } from '../server/pagination';
import { csvFileName } from './csv-reply';

type Q = { Querystring: Record<string, string> };

export function registerReturnRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { returns } = ctx.dataset;
  const byId = new Map(returns.map((r) => [r.id, r]));
  const base = '/api/returns/requests';

  app.get<Q>(`${base}/`, async (request) => {
    const page = readPageRequest(request.query);
    const matching = returns.filter(returnFilter(request.query));
    return paginate(matching.length, page, pageUrlFor(absoluteUrl(request)), (start, end) =>
      matching.slice(start, end),
    );
  });

  app.get<Q>(`${base}/export/`, HEAVY, async (request, reply) => {
    const test = returnFilter(request.query);
    const matching = (function* () {
      for (const r of returns) if (test(r)) yield r;
    })();
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${csvFileName('returns')}"`)
      .send(returnsCsv(matching));
  });

  app.get<{ Params: { id: string } }>(`${base}/:id/`, async (request) => find(request.params.id));

  app.get<{ Params: { id: string } }>(`${base}/:id/label/`, HEAVY, async (request, reply) => {
    const ret = find(request.params.id);
    const type = returnLabelContentType(ret);
    if (!type) {
      throw new ApiError(404, 'no_label', 'This return has no return label.');
    }
    const file = await returnLabelFile(ret, type);
    const ext = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/gif': 'gif' }[
      type as string
    ];
    return reply
      .type(type)
      .header('Content-Disposition', `inline; filename="${ret.rma_number}.${ext ?? 'zpl'}"`)
      .send(file);
  });

  function find(raw: string) {
    const id = intParam(raw);
    const ret = id === undefined ? undefined : byId.get(id);
    if (!ret) throw notFound('No return with this id.');
    return ret;
  }
}
