/** Returns: the worklist, one return, its label (binary, any of four types), the CSV export. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, background, interactive, jsonMethod, pageMethod } from './api-deps';
import { downloadFile } from './binary-file';
import { defaultExportName, listCount, resolveTarget, runExport } from './export-file';
import { returnFilterQuery, returnListQuery } from './query';

type ReturnMethod = 'returnsList' | 'returnsGet' | 'returnsLabel' | 'returnsExport';

export function createReturnHandlers(deps: ApiHandlerDeps): HandlersFor<ReturnMethod> {
  const now = deps.now ?? (() => new Date());
  return {
    returnsList: pageMethod(deps, 'returns_requests_list', (a) => ({
      query: returnListQuery(a.filters, a),
    })),
    returnsGet: jsonMethod(deps, 'returns_requests_retrieve', (a) => ({ path: { id: a.id } })),

    returnsLabel: async (args, ctx) => {
      const api = await deps.client();
      return downloadFile(
        () =>
          api.stream(
            'returns_requests_label_retrieve',
            { path: { id: args.id } },
            interactive(ctx),
          ),
        `return-${args.id}-label`,
        ctx.signal,
      );
    },

    returnsExport: async (args, ctx) => {
      const target = await resolveTarget(args.destination, deps.exportDir);
      const api = await deps.client();
      const query = returnFilterQuery(args.filters);
      return runExport(
        {
          open: () => api.stream('returns_requests_export_retrieve', { query }, background(ctx)),
          count: listCount(api, 'returns_requests_list', query, background(ctx)),
          noun: 'returns',
        },
        target,
        defaultExportName('returns', now()),
        ctx,
      );
    },
  };
}
