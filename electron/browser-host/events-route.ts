/**
 * `GET /bridge/events`: the bridge's events as Server-Sent Events. The renderer reads it with
 * fetch streaming (EventSource cannot send the Authorization header). A comment line every
 * `heartbeatMs` keeps idle proxies and the client's watchdog from taking silence for a dead
 * connection. A client that stops reading is cut off rather than buffered without bound; it
 * reconnects.
 */
import type { ServerResponse } from 'node:http';
import type { BridgeEvent } from '@shared/contract/values';
import type { BridgeEvents } from '../kernel/events';

/** What a stalled reader may leave queued before the stream is dropped. */
const MAX_BUFFERED_BYTES = 1_048_576;

/** One SSE message: `data:` lines (JSON has no raw newlines, but split anyway) and a blank line. */
export function formatEvent(event: BridgeEvent): string {
  const data = JSON.stringify(event)
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `event: bridge\n${data}\n`;
}

export function handleEvents(
  response: ServerResponse,
  events: BridgeEvents,
  heartbeatMs: number,
): void {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Accel-Buffering', 'no');
  // An opening comment sends the headers now, so the client knows the stream is up.
  response.write(': connected\n\n');

  const write = (text: string) => {
    if (response.destroyed) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(text);
  };
  const unsubscribe = events.subscribe((event) => write(formatEvent(event)));
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();

  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  // The response's 'close' is the client going away (the request's fires as soon as its
  // empty body has been read).
  response.on('close', stop);
}
