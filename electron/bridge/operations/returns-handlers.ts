/** Returns: the worklist, one return, its label (binary, any of four types), the CSV export. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, background, interactive } from './api-deps';
import { downloadFile } from './binary-file';
import { defaultExportName, resolveTarget, runExport } from './export-file';
import { returnFilterQuery, returnListQuery } from './query';

type ReturnMethod = 'returnsList' | 'returnsGet' | 'returnsLabel' | 'returnsExport';

export function createReturnHandlers(deps: ApiHandlerDeps): HandlersFor<ReturnMethod> {
  const now = deps.now ?? (() => new Date());
  return {
    returnsList: async (args, ctx) => {
      const api = await deps.client();
      return api.json('returns_requests_list', interactive(ctx), (init) =>
        api.raw.GET('/api/returns/requests/', {
          params: { query: returnListQuery(args.filters, args) },
          ...init,
        }),
      );
    },

    returnsGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('returns_requests_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/returns/requests/{id}/', { params: { path: { id: args.id } }, ...init }),
      );
    },

    returnsLabel: async (args, ctx) => {
      const api = await deps.client();
      return downloadFile(
        () =>
          api.stream('returns_requests_label_retrieve', interactive(ctx), (init) =>
            api.raw.GET('/api/returns/requests/{id}/label/', {
              params: { path: { id: args.id } },
              parseAs: 'stream',
              ...init,
            }),
          ),
        `return-${args.id}-label`,
        ctx.signal,
      );
    },

    returnsExport: async (args, ctx) => {
      const target = await resolveTarget(args.destination, deps.exportDir);
      const api = await deps.client();
      return runExport(
        () =>
          api.stream('returns_requests_export_retrieve', background(ctx), (init) =>
            api.raw.GET('/api/returns/requests/export/', {
              params: { query: returnFilterQuery(args.filters) },
              parseAs: 'stream',
              ...init,
            }),
          ),
        target,
        defaultExportName('returns', now()),
        ctx,
      );
    },
  };
}
