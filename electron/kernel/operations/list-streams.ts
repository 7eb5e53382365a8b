/**
 * The lists being read as they arrive, by id. `start` asks the API and answers at once with an
 * id; the body is read in the background (list-stream.ts) and `read` hands its rows over. The
 * renderer polls, so the same two calls work over IPC and over HTTP. A stream nobody has read
 * for IDLE_MS is cancelled and forgotten, so a closed window leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import type { ListChunk, ListStreamStart } from '@shared/contract/values';
import { BridgeFailure } from '../failure';
import { ListStream, type ListStreamOptions, type ListStreamSource } from './list-stream';

const IDLE_MS = 60_000;

export interface ListStreams {
  start(
    open: (signal: AbortSignal) => Promise<ListStreamSource>,
    options: ListStreamOptions,
  ): Promise<ListStreamStart>;
  read<T>(streamId: string, from: number): Promise<ListChunk<T>>;
  /**
   * Stops a list a person no longer wants read: its request to the service is aborted (no
   * byte, no request after it) and the rows that came since `from` are handed over.
   */
  stop<T>(streamId: string, from: number): ListChunk<T>;
}

interface Entry {
  stream: ListStream<unknown>;
  abort: AbortController;
}

export function createListStreams(): ListStreams {
  const streams = new Map<string, Entry>();

  const sweep = () => {
    const now = Date.now();
    for (const [id, entry] of streams) {
      if (now - entry.stream.lastTouched > IDLE_MS) {
        entry.abort.abort();
        streams.delete(id);
      }
    }
  };

  return {
    async start(open, options) {
      sweep();
      const abort = new AbortController();
      // The request itself fails here (401, 5xx after retries): the caller sees it at once.
      const source = await open(abort.signal);
      const stream = new ListStream<unknown>(source, options);
      const streamId = randomUUID();
      streams.set(streamId, { stream, abort });
      void stream.pump(abort.signal);
      return { streamId };
    },
    stop<T>(streamId: string, from: number) {
      const entry = streams.get(streamId);
      if (!entry) {
        throw new BridgeFailure('not_found', 'That list is no longer being read; load it again.');
      }
      streams.delete(streamId);
      entry.abort.abort();
      return entry.stream.stop(from) as ListChunk<T>;
    },
    async read<T>(streamId: string, from: number) {
      const entry = streams.get(streamId);
      if (!entry) {
        throw new BridgeFailure('not_found', 'That list is no longer being read; load it again.');
      }
      try {
        const chunk = (await entry.stream.read(from)) as ListChunk<T>;
        if (chunk.done) streams.delete(streamId);
        return chunk;
      } catch (error) {
        if (entry.stream.finished) streams.delete(streamId);
        throw error;
      }
    },
  };
}
