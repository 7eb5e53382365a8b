/**
 * A plain-array list read as it arrives (the bridge's `…Stream` / `…StreamRead` pair): one
 * TanStack query whose data grows chunk by chunk (streamedQuery), so a grid shows the first
 * rows while the rest load. Each chunk is compacted on arrival (the raw objects are never
 * cached). Keyed by method and connection like every API query; a refresh keeps the list on
 * screen and replaces it only when the new one is complete. A list that breaks off keeps the
 * rows that came and fails with the bridge's error (no automatic retry: a 100,000-row list is
 * asked for again only when the person says so). One exception: the copy kept on disk found
 * damaged part way through is no fault of the service: the bridge has set it aside, so the
 * list starts again from the service by itself and says why (`notice`).
 */
import { experimental_streamedQuery as streamedQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BridgeMethod } from '../../../shared/contract/bridge-contract';
import type { ListChunk, ListStreamStart, RejectedRow } from '../../../shared/contract/values';
import { BridgeCallError, callBridge } from './bridge-call';
import { useBridge } from './bridge-context';
import { useApiConnection } from './connections';

export interface StreamedList<R> {
  rows: readonly R[];
  /** An estimate of the whole list's length (from Content-Length), null when unknown. */
  expected: number | null;
  /** Elements the bridge set aside (not valid by the API's description). */
  setAside: readonly RejectedRow[];
  /** Every row has arrived. */
  complete: boolean;
  /** When the list shown was saved, if it is the copy kept on disk (ms since the epoch). */
  keptAt: number | null;
  /** Why the list started again by itself (the kept copy was damaged), in words. */
  notice?: string | null;
}

/** The method pairs that stream a list, with the element type their chunks carry. */
export type StreamedMethods<T> = (
  | { start: 'shipmentsStream'; read: 'shipmentsStreamRead' }
  | { start: 'trackingEventsStream'; read: 'trackingEventsStreamRead' }
) & {
  /** Phantom: the element type. */
  element?: T;
};

/** What a list is asked for with besides `fresh` (the tracking events' filters). */
export type StreamArgs = Record<string, unknown>;

/** The key of a streamed list's query, for reading what it holds (the scan's resolver). */
export const streamedListKey = (
  start: StreamedMethods<unknown>['start'],
  connectionId: string | null,
  args: StreamArgs = {},
) => [start, connectionId, args, 'streamed'] as const;

const EMPTY: StreamedList<never> = {
  rows: [],
  expected: null,
  setAside: [],
  complete: false,
  keptAt: null,
  notice: null,
};

/** A chunk, with where the list comes from; `restart`: drop what came, and say this. */
type KeptChunk<T> = ListChunk<T> & { keptAt: number | null; restart?: string };

export const KEPT_DAMAGED_NOTICE =
  'The copy kept on disk was damaged part way through: it was set aside, and the list is read again from the service.';

export function useStreamedList<T, R>(
  methods: StreamedMethods<T>,
  compact: (item: T) => R,
  extras: {
    staleTime?: number;
    args?: StreamArgs;
    enabled?: boolean;
    /** keepPreviousData: the last list stays on screen until the new one's first rows. */
    placeholderData?: <D>(previous: D | undefined) => D | undefined;
  } = {},
) {
  const args = extras.args ?? {};
  const client = useBridge();
  const { connectionId, ready } = useApiConnection();
  const key = streamedListKey(methods.start, connectionId, args);
  const query = useQuery({
    queryKey: key,
    enabled: ready && (extras.enabled ?? true),
    placeholderData: extras.placeholderData,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: extras.staleTime,
    queryFn: streamedQuery<KeptChunk<T>, StreamedList<R>>({
      refetchMode: 'replace',
      initialValue: EMPTY,
      reducer: (list, chunk) =>
        chunk.restart
          ? { ...EMPTY, notice: chunk.restart }
          : {
              rows: list.rows.concat(chunk.rows.map(compact)),
              expected: estimate(chunk),
              setAside:
                chunk.setAside.length > 0 ? list.setAside.concat(chunk.setAside) : list.setAside,
              complete: chunk.done,
              keptAt: chunk.keptAt,
              notice: list.notice,
            },
      // A list already on screen (the kept copy, or an earlier one) is refreshed from the
      // service; the first read takes the kept copy when there is one.
      streamFn: ({ signal, client: queries }) =>
        readChunks(
          methods,
          (m, a) => callBridge(client, m, a),
          args,
          queries.getQueryData(key) !== undefined,
          signal,
        ),
    }),
  });
  // The kept copy, once shown whole, is refreshed in the background (once per copy shown).
  const { refetch } = query;
  const keptAt = query.data?.complete ? query.data.keptAt : null;
  const refreshed = useRef<number | null>(null);
  useEffect(() => {
    if (keptAt === null || refreshed.current === keptAt) return;
    refreshed.current = keptAt;
    void refetch();
  }, [keptAt, refetch]);
  return query;
}

type Call = <M extends BridgeMethod>(method: M, args: never) => Promise<unknown>;

async function* readChunks<T>(
  methods: StreamedMethods<T>,
  call: Call,
  args: StreamArgs,
  fresh: boolean,
  signal: AbortSignal,
): AsyncGenerator<KeptChunk<T>> {
  const startArgs = fresh ? { ...args, fresh } : args;
  const start = (await call(methods.start, startArgs as never)) as ListStreamStart;
  const keptAt = start.keptAt === undefined ? null : Date.parse(start.keptAt);
  try {
    yield* readStream<T>(methods, call, start.streamId, keptAt, signal);
  } catch (error) {
    // The kept copy (a file of the console's own) broke, not the service: the bridge has let
    // it go, so the service is asked for the whole list, once, and the person told why.
    if (keptAt === null || !isLocalFileError(error)) throw error;
    yield restartChunk(KEPT_DAMAGED_NOTICE);
    const again = (await call(methods.start, { ...args, fresh: true } as never)) as ListStreamStart;
    yield* readStream<T>(methods, call, again.streamId, null, signal);
  }
}

async function* readStream<T>(
  methods: StreamedMethods<T>,
  call: Call,
  streamId: string,
  keptAt: number | null,
  signal: AbortSignal,
): AsyncGenerator<KeptChunk<T>> {
  let from = 0;
  for (;;) {
    // A query no one watches any more stops asking; the bridge drops the idle stream.
    if (signal.aborted) return;
    const chunk = (await call(methods.read, { streamId, from } as never)) as ListChunk<T>;
    from = chunk.from + chunk.rows.length;
    yield { ...chunk, keptAt };
    if (chunk.done) return;
  }
}

const isLocalFileError = (error: unknown) =>
  error instanceof BridgeCallError && error.code === 'file_error';

const restartChunk = <T>(notice: string): KeptChunk<T> =>
  ({
    rows: [],
    from: 0,
    done: false,
    setAside: [],
    loaded: 0,
    bytes: 0,
    keptAt: null,
    restart: notice,
  }) as unknown as KeptChunk<T>;

/** The whole list's length, from the bytes so far and Content-Length; null without one. */
function estimate(chunk: ListChunk<unknown>): number | null {
  if (chunk.done) return chunk.from + chunk.rows.length;
  if (!chunk.totalBytes || chunk.bytes === 0 || chunk.loaded === 0) return null;
  return Math.round((chunk.loaded * chunk.totalBytes) / chunk.bytes);
}
