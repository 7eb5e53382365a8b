/**
 * Starting a streamed plain-array list (list-streams.ts): from the copy kept on disk when there
 * is one and the caller did not ask for a fresh list (it shows at once, with its age), else
 * from the service, keeping what arrives as the new copy once the whole list came.
 */
import { openApiValidator } from '@shared/api/openapi-validator';
import type { ListStreamStart } from '@shared/contract/values';
import type { JsonOperation, RequestOf } from '../api/operation-types';
import type { CallContext } from '../handler-types';
import { type ApiHandlerDeps, interactive } from './api-deps';
import { type KeptWriter, keptWriter, readKept } from './kept-list';
import type { ListStreams } from './list-streams';

export interface StreamedListSpec<K extends JsonOperation> {
  operationId: K;
  /** The element's schema in the API description (#/components/schemas/…). */
  schema: string;
  /** What of each checked element is handed on (all of it when left out). */
  project?: (value: unknown) => unknown;
  idKey: string;
  /** In words, for messages: "shipments". */
  what: string;
  /** The kept copy's blob name in the connection's local store; none: not kept. */
  keptName?: string;
}

export async function startStreamedList<K extends JsonOperation>(
  deps: ApiHandlerDeps,
  streams: ListStreams,
  spec: StreamedListSpec<K>,
  request: RequestOf<K>,
  fresh: boolean,
  ctx: CallContext,
  /** A resumed list: the renderer holds this many elements already (list-stream.ts). */
  skip = 0,
): Promise<ListStreamStart> {
  const options = {
    validate: openApiValidator('tolerant').schema(spec.schema),
    numbers: openApiValidator('tolerant').numbers(spec.schema),
    idKey: spec.idKey,
    what: spec.what,
    project: spec.project,
    skip,
  };
  const { keptName } = spec;
  const localStore = keptName === undefined ? undefined : deps.localStore;
  // A resume reads the service (the kept copy may be older than the rows held).
  if (!fresh && skip === 0 && localStore && keptName) {
    // An unreadable store or copy is no reason to fail: the service is asked instead.
    const kept = await readKept(localStore, keptName).catch(() => undefined);
    if (kept) {
      const started = await streams.start(async () => kept.source, options);
      return { ...started, keptAt: kept.savedAt };
    }
  }
  const client = await deps.client();
  let writer: KeptWriter | undefined;
  return streams.start(
    async (signal) => {
      // Not the call's own signal: the stream outlives this call (list-streams.ts drops it).
      const source = await client.jsonStream(spec.operationId, request, {
        ...interactive(ctx),
        signal,
      });
      if (localStore && keptName) {
        writer = await keptWriter(localStore, keptName).catch(() => undefined);
      }
      return source;
    },
    {
      ...options,
      onBytes: (piece) => writer?.write(piece),
      onEnd: (complete) => (complete ? void writer?.finish() : writer?.fail()),
    },
  );
}
