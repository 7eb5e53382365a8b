/**
 * The two shapes of a method that answers a file, so each is written once: one download at
 * the person's priority (an order's document, a batch of labels, a return's label), and a CSV
 * export of a list under the call's filters, written to disk (export-file.ts).
 */
import type { BinaryFile, ExportResult } from '@shared/contract/values';
import type { ApiClient, CallOptions, StreamedAnswer } from '../api/api-client';
import type { BinaryOperation, RequestOf } from '../api/operation-types';
import type { CallContext } from '../handler-types';
import { type ApiHandlerDeps, background, interactive } from './api-deps';
import { downloadFile } from './binary-file';
import { defaultExportName, listCount, resolveTarget, runExport } from './export-file';

/** A method that is one download; `fallbackStem` names the file when the service does not. */
export function fileMethod<K extends BinaryOperation, A>(
  deps: ApiHandlerDeps,
  operationId: K,
  request: (args: A) => RequestOf<K>,
  fallbackStem: (args: A) => string,
): (args: A, ctx: CallContext) => Promise<BinaryFile> {
  return async (args, ctx) => {
    const api = await deps.client();
    return downloadFile(
      () => api.stream(operationId, request(args), interactive(ctx)),
      fallbackStem(args),
      ctx.signal,
    );
  };
}

type ExportQuery = Record<string, string | number | boolean | undefined>;

/**
 * What a row of each export is (the messages' noun, the default file name's prefix), and the
 * list whose count the written rows are checked against.
 */
const LIST_OF = { orders: 'orders_list', returns: 'returns_requests_list' } as const;

/** What a list's CSV export is made of. */
export interface ExportSpec<A, Q extends ExportQuery> {
  /** The call's filters as the export and the list take them. */
  query(args: A): Q;
  open(api: ApiClient, query: Q, call: CallOptions): Promise<StreamedAnswer>;
}

/** A method that writes a list's CSV export to the call's destination or the export folder. */
export function exportMethod<A extends { destination?: string }, Q extends ExportQuery>(
  deps: ApiHandlerDeps,
  noun: keyof typeof LIST_OF,
  spec: ExportSpec<A, Q>,
): (args: A, ctx: CallContext) => Promise<ExportResult> {
  const now = deps.now ?? (() => new Date());
  return async (args, ctx) => {
    const target = await resolveTarget(args.destination, deps.exportDir, deps.folders);
    const api = await deps.client();
    const query = spec.query(args);
    return runExport(
      {
        open: () => spec.open(api, query, background(ctx)),
        count: listCount(api, LIST_OF[noun], query, background(ctx)),
        noun,
      },
      target,
      defaultExportName(noun, now()),
      ctx,
    );
  };
}
