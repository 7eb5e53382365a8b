/** Returns: the worklist, one return, its label (binary, any of four types), the CSV export. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, background, interactive } from './api-deps';
import { downloadFile } from './binary-file';
import { defaultExportName, knownCount, resolveTarget, runExport } from './export-file';
import { returnFilterQuery, returnListQuery } from './query';

type ReturnMethod = 'returnsList' | 'returnsGet' | 'returnsLabel' | 'returnsExport';

export function createReturnHandlers(deps: ApiHandlerDeps): HandlersFor<ReturnMethod> {
  const now = deps.now ?? (() => new Date());
  return {
    returnsList: async (args, ctx) =>
      (await deps.client()).page(
        'returns_requests_list',
        { query: returnListQuery(args.filters, args) },
        interactive(ctx),
      ),

    returnsGet: async (args, ctx) =>
      (await deps.client()).json(
        'returns_requests_retrieve',
        { path: { id: args.id } },
        interactive(ctx),
      ),

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
          count: async () =>
            knownCount(
              await api.page(
                'returns_requests_list',
                { query: { ...query, page_size: 1 } },
                background(ctx),
                'ids',
              ),
            ),
          noun: 'returns',
        },
        target,
        defaultExportName('returns', now()),
        ctx,
      );
    },
  };
}
