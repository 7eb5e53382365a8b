/**
 * What a transport (Electron IPC, the browser-mode HTTP host) needs from the bridge: one entry
 * point that takes an untrusted method name and arguments and always answers with a Result,
 * and the event stream. Implemented by dispatch.ts; composed by create-bridge.ts.
 */
import type { BridgeError } from '@shared/contract/bridge-error';
import type { Result } from '@shared/result';
import type { BridgeEvents } from '../events';
import type { DownloadSource } from './download-links';

export interface Dispatcher {
  /**
   * Validates `method` against the contract and `args` against its schema, runs it, and
   * answers `{ ok: true, value }` or `{ ok: false, error }`. Never throws, never rejects.
   * `signal` aborts the call when the transport's caller goes away.
   */
  call(method: unknown, args: unknown, signal?: AbortSignal): Promise<Result<unknown, BridgeError>>;
}

export interface Bridge {
  readonly dispatcher: Dispatcher;
  readonly events: BridgeEvents;
  /** Stops background work and any embedded sandbox. */
  close(): Promise<void>;
  /** The secrets the bridge holds right now (API keys), for redacting the host's own logs. */
  readonly secrets?: () => readonly string[];
  /** Browser mode: the files behind one-time download links (files/download-links.ts). */
  readonly downloads?: DownloadSource;
}
