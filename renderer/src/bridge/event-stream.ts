/**
 * Browser mode's events: `GET /bridge/events` read with fetch streaming, parsed as SSE, and
 * kept up for as long as someone listens. A dropped or silent connection (no byte, not even
 * the host's heartbeat comment, for `silenceMs`) is reopened after a jittered, growing delay;
 * a refused token is final (a new launch has a new token) and reported once as a notice.
 */
import type { BridgeEvent } from '../../../shared/contract/values';
import { type FetchLike, SESSION_ENDED } from './http-transport';
import { SseParser } from './sse-parser';

export interface EventStreamEnvironment {
  fetch: FetchLike;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  random?: () => number;
}

export interface EventStreamOptions {
  /** Reconnect delays grow from `minDelayMs` to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** The host's heartbeat is 15 s: three missed ones mean the connection is dead. */
  silenceMs?: number;
}

export function reconnectDelay(
  attempt: number,
  random: number,
  minMs = 500,
  maxMs = 15_000,
): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 16));
  // Half fixed, half random: clients that lost the host together do not return together.
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Every event type, as a record so a type added to the contract fails to compile here. */
const EVENT_TYPES: Record<BridgeEvent['type'], true> = {
  progress: true,
  throttle: true,
  notice: true,
  printJob: true,
  floorChanged: true,
};

export function parseBridgeEvent(data: string): BridgeEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' && Object.hasOwn(EVENT_TYPES, type)
      ? (value as BridgeEvent)
      : null;
  } catch {
    return null;
  }
}

const FINAL_STATUSES = new Set([401, 403, 421]);

export class EventStream {
  private controller?: AbortController;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly silenceMs: number;

  constructor(
    private readonly env: EventStreamEnvironment,
    private readonly token: string,
    private readonly deliver: (event: BridgeEvent) => void,
    options: EventStreamOptions = {},
  ) {
    this.minDelayMs = options.minDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 15_000;
    this.silenceMs = options.silenceMs ?? 45_000;
  }

  get running(): boolean {
    return this.controller !== undefined;
  }

  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.run(controller.signal);
  }

  stop(): void {
    this.controller?.abort();
    this.controller = undefined;
  }

  private async run(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      const outcome = await this.connectOnce(signal, () => {
        attempt = 0;
      });
      if (signal.aborted) return;
      if (outcome === 'final') {
        this.deliver({ type: 'notice', level: 'error', message: SESSION_ENDED });
        if (this.controller?.signal === signal) this.controller = undefined;
        return;
      }
      await this.sleep(
        reconnectDelay(
          attempt,
          (this.env.random ?? Math.random)(),
          this.minDelayMs,
          this.maxDelayMs,
        ),
        signal,
      );
      attempt += 1;
    }
  }

  /** One connection, read until it ends; 'final' when the host refuses the token. */
  private async connectOnce(
    signal: AbortSignal,
    connected: () => void,
  ): Promise<'final' | 'retry'> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    signal.addEventListener('abort', abort, { once: true });
    let watchdog: unknown;
    const arm = () => {
      if (watchdog !== undefined) this.env.clearTimeout(watchdog);
      watchdog = this.env.setTimeout(abort, this.silenceMs);
    };
    try {
      arm();
      const response = await this.env.fetch('/bridge/events', {
        headers: { Authorization: `Bearer ${this.token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        credentials: 'omit',
        signal: connection.signal,
      });
      if (FINAL_STATUSES.has(response.status)) return 'final';
      if (response.status !== 200 || response.body === null) return 'retry';
      connected();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      for (;;) {
        arm();
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.event !== 'bridge' && message.event !== 'message') continue;
          const event = parseBridgeEvent(message.data);
          if (event) this.deliver(event);
        }
      }
      return 'retry';
    } catch {
      // Network failure, abort by the watchdog or by stop(): the loop decides what next.
      return 'retry';
    } finally {
      if (watchdog !== undefined) this.env.clearTimeout(watchdog);
      signal.removeEventListener('abort', abort);
      connection.abort();
    }
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const id = this.env.setTimeout(() => {
        signal.removeEventListener('abort', done);
        resolve();
      }, ms);
      const done = () => {
        this.env.clearTimeout(id);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
