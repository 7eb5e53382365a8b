/** Returns: the worklist, one return, its label (binary, any of four types), the CSV export. */
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import { type ApiHandlerDeps, jsonMethod, pageMethod } from '../../kernel/operations/api-deps';
import { exportMethod, fileMethod } from '../../kernel/operations/file-methods';
import { returnFilterQuery, returnListQuery } from '../../kernel/operations/query';

export function createReturnHandlers(deps: ApiHandlerDeps) {
  return asHandlers({
    returnsList: pageMethod(deps, 'returns_requests_list', (a) => ({
      query: returnListQuery(a.filters, a),
    })),
    returnsGet: jsonMethod(deps, 'returns_requests_retrieve', (a) => ({ path: { id: a.id } })),

    returnsLabel: fileMethod(
      deps,
      'returns_requests_label_retrieve',
      (a) => ({ path: { id: a.id } }),
      (a) => `return-${a.id}-label`,
    ),
    returnsExport: exportMethod(deps, 'returns', {
      query: (a) => returnFilterQuery(a.filters),
      open: (api, query, call) => api.stream('returns_requests_export_retrieve', { query }, call),
    }),
  } satisfies Partial<Handlers>);
}
