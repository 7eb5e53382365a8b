/**
 * One answer's body as undici's dispatch hands it over (undici-wire.ts), held until its reader
 * says how it reads it: whole (the chunks gathered), as a stream (with back-pressure), or not
 * at all. The first chunks can arrive in the same socket read as the headers, before the
 * transport has looked at the status, so they are held, not dropped.
 */
import { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import { decoderFor, releaseChunks, type WholeBody } from './wire';

interface Sink {
  data(chunk: Buffer): void;
  end(): void;
  fail(error: unknown): void;
}

/** Held unread past this, the connection stops being read until a reader comes. */
const HOLD_MAX = 1024 * 1024;
/** A body let go unread is read to its end (the connection kept) only up to this. */
const DISCARD_MAX = 64 * 1024;

export class ReceivedBody {
  private held: Buffer[] = [];
  private heldSize = 0;
  private state: 'open' | 'ended' | { error: unknown } = 'open';
  private sink: Sink | undefined;

  constructor(
    private readonly controller: Dispatcher.DispatchController,
    private readonly encoding: string | null,
  ) {}

  // From undici's handler.
  data(chunk: Buffer): void {
    if (this.sink) {
      this.sink.data(chunk);
      return;
    }
    this.held.push(chunk);
    this.heldSize += chunk.length;
    if (this.heldSize > HOLD_MAX) this.controller.pause();
  }

  end(): void {
    if (this.state !== 'open') return;
    this.state = 'ended';
    this.sink?.end();
  }

  fail(error: unknown): void {
    if (this.state !== 'open') return;
    this.state = { error };
    this.sink?.fail(error);
  }

  /** Stops the transfer (an abort, a timeout): the reader sees `reason`. */
  abort(reason: unknown): void {
    this.fail(reason);
    if (!this.controller.aborted) this.controller.abort(reason as Error);
  }

  /** The whole body, decompressed; rejects when it breaks off or is aborted. */
  readAll(): Promise<WholeBody> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      this.attach({
        data: (chunk) => {
          chunks.push(chunk);
          size += chunk.length;
        },
        end: () => {
          const decoded = decoderFor(this.encoding);
          if (!decoded) return resolve({ chunks, size, release: () => releaseChunks(chunks) });
          try {
            const whole = decoded.sync(size === 0 ? Buffer.alloc(0) : Buffer.concat(chunks, size));
            resolve({ chunks: [whole], size: whole.length, release: () => releaseChunks([whole]) });
          } catch (error) {
            reject(error);
          }
        },
        fail: reject,
      });
    });
  }

  /**
   * The body as a web stream, decompressed; the connection is read as fast as the stream is.
   * A web stream of its own, not Readable.toWeb of a Node stream: that adapter, cancelled
   * with chunks still buffered in the Node stream, went on to enqueue them into the closed
   * web stream and threw from a later tick (an uncaught exception, Node 24.21).
   */
  stream(): ReadableStream<Uint8Array> {
    const raw = new ReadableStream<Uint8Array>(
      {
        start: (web) => {
          this.attach(
            {
              data: (chunk) => {
                web.enqueue(chunk);
                if ((web.desiredSize ?? 0) <= 0) this.controller.pause();
              },
              end: () => web.close(),
              fail: (error) => web.error(error),
            },
            false,
          );
        },
        pull: () => this.controller.resume(),
        cancel: (reason) => {
          if (this.state === 'open') this.abort(reason ?? new Error('The body was not read.'));
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );
    const decoded = decoderFor(this.encoding);
    return decoded ? raw.pipeThrough(Duplex.toWeb(decoded.stream())) : raw;
  }

  /**
   * Lets go of the body unread: a short one is read to its end so its connection serves the
   * next request, a longer one ends the connection. Nothing of it is kept.
   */
  discard(): void {
    let size = 0;
    this.attach({
      data: (chunk) => {
        size += chunk.length;
        if (size > DISCARD_MAX) this.abort(new Error('The body was let go unread.'));
      },
      end: () => {},
      fail: () => {},
    });
  }

  /**
   * Hands what is held, and all that follows, to the one reader. A connection paused while
   * nobody read goes on once the held chunks are handed over, for a reader that takes all
   * (`resume`); a stream resumes it when it wants more (its `read`). Resuming first could
   * hand over new chunks before the held ones.
   */
  private attach(sink: Sink, resume = true): void {
    if (this.sink) throw new Error('This body is already being read.');
    this.sink = sink;
    const held = this.held;
    this.held = [];
    this.heldSize = 0;
    for (const chunk of held) sink.data(chunk);
    if (this.state === 'ended') sink.end();
    else if (this.state !== 'open') sink.fail(this.state.error);
    else if (resume) this.controller.resume();
  }
}
