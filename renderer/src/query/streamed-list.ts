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
import { useCallback, useEffect, useRef } from 'react';
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
  /** A person stopped the list (Stop) before it all came: `resume` reads on from here. */
  stopped?: boolean;
  /**
   * The list reached the most rows the view holds (`cap`): no more are read or held, and
   * `expected` (when the service gave a length) says about how many there are.
   */
  capped?: boolean;
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
  stopped: false,
  capped: false,
};

/** A chunk, with where the list comes from; `restart`: drop what came, and say this. */
type KeptChunk<T> = ListChunk<T> & {
  keptAt: number | null;
  restart?: string;
  /** The list stopped at the view's cap (not by a person). */
  capped?: boolean;
};

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
    /**
     * The most rows held (issue 32): past it the list stops (its request ended) and says
     * `capped`, so a huge account never fills the renderer's memory.
     */
    cap?: number;
  } = {},
) {
  const args = extras.args ?? {};
  const cap = extras.cap ?? Number.POSITIVE_INFINITY;
  const client = useBridge();
  const { connectionId, ready } = useApiConnection();
  const key = streamedListKey(methods.start, connectionId, args);
  // A person's Stop is taken at the next read (a read waits at most a moment); a resume
  // reads on after the elements held, appending to them.
  const control = useRef<StreamControl>({ stop: false, skip: 0 });
  const query = useQuery({
    queryKey: key,
    enabled: ready && (extras.enabled ?? true),
    placeholderData: extras.placeholderData,
    retry: false,
    refetchOnWindowFocus: false,
    // Each chunk is a new list by construction (the rows held plus the chunk's): structural
    // sharing compared every row held with the last list's, field by field, at every chunk
    // (replaceEqualDeep: 2 s of the renderer's CPU over a 100,000-row list in the ui-grids
    // profile), to find what the reducer already keeps.
    structuralSharing: false,
    staleTime: extras.staleTime,
    // A resume appends to the rows held (chosen when the read starts: Resume sets it just
    // before); any other refresh replaces them once the new list is complete.
    queryFn: (context) =>
      streamedQuery<KeptChunk<T>, StreamedList<R>>({
        refetchMode: control.current.skip > 0 ? 'append' : 'replace',
        initialValue: EMPTY,
        reducer: (list, chunk) => {
          if (chunk.restart) return { ...EMPTY, notice: chunk.restart };
          const room = Math.max(0, cap - list.rows.length);
          const over = chunk.rows.length > room;
          const taken = over ? chunk.rows.slice(0, room) : chunk.rows;
          const capped = over || chunk.capped === true;
          return {
            rows: list.rows.concat(taken.map(compact)),
            expected: estimate(chunk),
            setAside:
              chunk.setAside.length > 0 ? list.setAside.concat(chunk.setAside) : list.setAside,
            complete: chunk.done && !capped,
            keptAt: chunk.keptAt,
            notice: list.notice,
            stopped: chunk.stopped === true && !capped,
            capped,
          };
        },
        // A list already on screen (the kept copy, or an earlier one) is refreshed from the
        // service; the first read takes the kept copy when there is one.
        streamFn: ({ signal, client: queries }) => {
          const held = queries.getQueryData<StreamedList<R>>(key);
          const skip = control.current.skip;
          control.current = { stop: false, skip: 0 };
          return readChunks(
            methods,
            (m, a) => callBridge(client, m, a),
            args,
            { fresh: held !== undefined, skip, held: skip > 0 ? (held?.rows.length ?? 0) : 0, cap },
            control.current,
            signal,
          );
        },
      })(context),
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
  const { data } = query;
  /** Stop: the list ends at its next read, with the rows that came (the request ended). */
  const stop = useCallback(() => {
    control.current.stop = true;
  }, []);
  /** Resume a stopped list: read on from the elements held (each once, in order). */
  const resume = useCallback(() => {
    if (!data?.stopped) return;
    control.current = { stop: false, skip: data.rows.length + data.setAside.length };
    void refetch();
  }, [data, refetch]);
  return Object.assign(query, { stop, resume });
}

/** What a person asked of the list being read: read by the stream at each turn. */
interface StreamControl {
  stop: boolean;
  /** Elements already held, for a resume (0: the list from its start). */
  skip: number;
}

interface ReadPlan {
  /** From the service even when a copy is kept on disk. */
  fresh: boolean;
  /** Elements passed over by the service's stream (a resume). */
  skip: number;
  /** Rows already held (a resume appends after them), for the cap. */
  held: number;
  cap: number;
}

type Call = <M extends BridgeMethod>(method: M, args: never) => Promise<unknown>;

async function* readChunks<T>(
  methods: StreamedMethods<T>,
  call: Call,
  args: StreamArgs,
  plan: ReadPlan,
  control: StreamControl,
  signal: AbortSignal,
): AsyncGenerator<KeptChunk<T>> {
  const startArgs = {
    ...args,
    ...(plan.fresh || plan.skip > 0 ? { fresh: true } : {}),
    ...(plan.skip > 0 ? { skip: plan.skip } : {}),
  };
  const start = (await call(methods.start, startArgs as never)) as ListStreamStart;
  const keptAt = start.keptAt === undefined ? null : Date.parse(start.keptAt);
  const read = { ...plan, control, keptAt, signal };
  try {
    yield* readStream<T>(methods, call, start.streamId, read);
  } catch (error) {
    // The kept copy (a file of the console's own) broke, not the service: the bridge has let
    // it go, so the service is asked for the whole list, once, and the person told why.
    if (keptAt === null || !isLocalFileError(error)) throw error;
    yield restartChunk(KEPT_DAMAGED_NOTICE);
    const again = (await call(methods.start, { ...args, fresh: true } as never)) as ListStreamStart;
    yield* readStream<T>(methods, call, again.streamId, { ...read, keptAt: null });
  }
}

/**
 * The bridge's chunks joined before they reach the query: every chunk handed to the query
 * costs a pass over every row held (a new list: the view's order, its grid's count…), and the
 * bridge answers a read after at most a moment whatever has come, so a slow or loaded machine
 * made hundreds of chunks of a 100,000-row list (the ui-grids profile: more renderer CPU in
 * those passes than in reading the rows). So after the first chunk (at once: the first rows
 * on screen), the rows read are handed on once they are half as many as those handed on
 * already (at least JOIN_ROWS), or JOIN_MS after the last hand-over (the count still moves),
 * or at the list's end: a few dozen hand-overs at most, whatever the machine.
 */
const JOIN_ROWS = 2000;
const JOIN_MS = 1000;

/** Two chunks of one stream as one: `b` read after `a`. */
function joinChunks<C extends ListChunk<unknown>>(a: C, b: C): C {
  return {
    ...b,
    rows: a.rows.concat(b.rows),
    from: a.from,
    setAside: b.setAside.length > 0 ? a.setAside.concat(b.setAside) : a.setAside,
  };
}

function readStream<T>(
  methods: StreamedMethods<T>,
  call: Call,
  streamId: string,
  read: ReadPlan & { control: StreamControl; keptAt: number | null; signal: AbortSignal },
): AsyncGenerator<KeptChunk<T>> {
  return joinAsDue(readEach(methods, call, streamId, read), Date.now, nextPaint);
}

/**
 * A first chunk of more than twice this many rows (the copy kept on disk is read faster than
 * the renderer asks: its first answer held thousands) is handed on as its first rows, then,
 * after the frame that draws them, the rest: the first rows wait for their own work only.
 */
const FIRST_ROWS = 200;

/**
 * Resolves once the frame that draws the first rows has been drawn (or after a moment, where
 * no frame comes). Two frames: the first rows are committed some time after they are handed
 * on, possibly only just before the next frame; the rest waits for the one after it, so it
 * never delays the frame that shows them.
 */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 500);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      ),
    );
  });
}

/**
 * A stream's chunks joined as above; `now` is the clock (ms), `paint` waits for the frame
 * after a first chunk split in two.
 */
export async function* joinAsDue<C extends ListChunk<unknown>>(
  chunks: AsyncIterable<C>,
  now: () => number,
  paint: () => Promise<void>,
): AsyncGenerator<C> {
  let waiting: C | undefined;
  let handed = 0;
  let handedAt = 0;
  try {
    for await (const read of chunks) {
      let chunk = read;
      if (handed === 0 && chunk.rows.length > 2 * FIRST_ROWS) {
        // The first rows alone (not the list's end), then the rest after they are drawn.
        const head = { ...chunk, rows: chunk.rows.slice(0, FIRST_ROWS), setAside: [] };
        yield { ...head, done: false, stopped: undefined };
        handed = FIRST_ROWS;
        handedAt = now();
        await paint();
        chunk = { ...chunk, rows: chunk.rows.slice(FIRST_ROWS), from: chunk.from + FIRST_ROWS };
      }
      waiting = waiting ? joinChunks(waiting, chunk) : chunk;
      const ended = chunk.done || chunk.stopped === true;
      const rows = waiting.rows.length;
      const due =
        handed === 0 ||
        ended ||
        rows >= Math.max(JOIN_ROWS, handed / 2) ||
        now() - handedAt >= JOIN_MS;
      if (!due) continue;
      const out = waiting;
      waiting = undefined;
      handed += rows;
      handedAt = now();
      yield out;
    }
  } catch (error) {
    // A list that breaks off keeps the rows that came before the break: handed on first, then
    // the query fails with the error.
    if (waiting) {
      const out = waiting;
      waiting = undefined;
      yield out;
    }
    throw error;
  }
}

async function* readEach<T>(
  methods: StreamedMethods<T>,
  call: Call,
  streamId: string,
  read: ReadPlan & { control: StreamControl; keptAt: number | null; signal: AbortSignal },
): AsyncGenerator<KeptChunk<T>> {
  const { control, keptAt, signal, skip, held, cap } = read;
  let from = 0;
  let ended = false;
  try {
    for (;;) {
      // A query no one watches any more stops asking (finally below ends its request).
      if (signal.aborted) return;
      const capped = held + from >= cap;
      const stop = control.stop || capped;
      const chunk = (await call(methods.read, {
        streamId,
        from,
        ...(stop ? { stop: true } : {}),
      } as never)) as ListChunk<T>;
      from = chunk.from + chunk.rows.length;
      ended = chunk.done || chunk.stopped === true;
      // A resumed list's places count from the start of the whole list.
      yield {
        ...chunk,
        from: chunk.from + skip,
        loaded: chunk.loaded + skip,
        setAside:
          skip === 0
            ? chunk.setAside
            : chunk.setAside.map((r) => ({ ...r, index: r.index + skip })),
        keptAt,
        ...(chunk.stopped && (capped || held + from >= cap) ? { capped: true } : {}),
      };
      if (ended) return;
    }
  } finally {
    // Left before its end (the view went, the query was cancelled): the bridge is told to
    // end the request now, not left reading in the background until it idles out.
    if (!ended) void call(methods.read, { streamId, from, stop: true } as never).catch(() => {});
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
