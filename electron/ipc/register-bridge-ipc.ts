/**
 * The Electron transport, main side: one `ipcMain.handle` per contract method, each checking
 * that the calling frame is the app's own page before the dispatcher sees anything, and the
 * bridge's events forwarded to the app's windows. Type imports only from `electron`, so this
 * runs in unit tests with a fake ipcMain (no Electron binary needed).
 */

import type { BridgeError } from '@shared/contract/bridge-error';
import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import type { Result } from '@shared/result';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Dispatcher } from '../kernel/dispatch/dispatcher-types';
import type { BridgeEvents } from '../kernel/events';
import { isTrustedSenderUrl } from '../security/sender-check';
import { channelFor, EVENT_CHANNEL } from './channels';

/** What this module needs of ipcMain (the real one has it all). */
export type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler'>;
/** What this module needs of a window's webContents. */
export type WindowTarget = Pick<WebContents, 'send' | 'getURL' | 'isDestroyed'>;
/** What this module reads of an invoke event. */
export type InvokeEventLike = Pick<IpcMainInvokeEvent, 'senderFrame'> & {
  sender?: Pick<WebContents, 'once'> | null;
};

export interface BridgeIpcOptions {
  /** Whether a frame URL is the app's own page; defaults to the `app://packbench` origin. */
  isTrusted?: (frameUrl: string | undefined) => boolean;
  /** The app's windows, for events (read at every event: windows come and go). */
  webContents: () => readonly WindowTarget[];
  log?: (line: string) => void;
}

export const FORBIDDEN_MESSAGE = 'This window is not part of Packbench and may not use it.';

export function registerBridgeIpc(
  ipcMain: IpcMainLike,
  dispatcher: Dispatcher,
  events: BridgeEvents,
  options: BridgeIpcOptions,
): () => void {
  const isTrusted = options.isTrusted ?? ((url) => isTrustedSenderUrl(url));
  const log = (line: string) => {
    try {
      options.log?.(line);
    } catch {
      // Logging must never break a call.
    }
  };

  const channels = BRIDGE_METHOD_NAMES.map((method) => {
    const channel = channelFor(method);
    ipcMain.handle(
      channel,
      async (event: InvokeEventLike, args: unknown): Promise<Result<unknown, BridgeError>> => {
        try {
          const url = frameUrl(event);
          if (!isTrusted(url)) {
            log(`bridge ipc: refused ${method} from an untrusted frame (${describeUrl(url)})`);
            return { ok: false, error: { code: 'forbidden', message: FORBIDDEN_MESSAGE } };
          }
          return await dispatcher.call(method, args, signalFor(event.sender));
        } catch (e) {
          // The dispatcher never throws; this is for a broken fake or a future regression.
          log(`bridge ipc: ${method} failed in the transport: ${String(e)}`);
          return {
            ok: false,
            error: { code: 'internal', message: 'Something went wrong inside Packbench.' },
          };
        }
      },
    );
    return channel;
  });

  const unsubscribe = events.subscribe((event) => {
    let targets: readonly WindowTarget[];
    try {
      targets = options.webContents();
    } catch {
      return;
    }
    for (const target of targets) {
      try {
        // Only windows still showing our page: a window that navigated elsewhere gets nothing.
        if (!target.isDestroyed() && isTrusted(target.getURL())) target.send(EVENT_CHANNEL, event);
      } catch {
        // A window closing while we send is not an error worth more than skipping it.
      }
    }
  });

  let registered = true;
  return function unregister() {
    if (!registered) return;
    registered = false;
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

function frameUrl(event: InvokeEventLike): string | undefined {
  try {
    // senderFrame is null once the frame navigated away or was destroyed.
    const url = event?.senderFrame?.url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

function describeUrl(url: string | undefined): string {
  if (url === undefined) return 'no frame';
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}

/**
 * One abort signal per window, aborted when its webContents is destroyed, so calls of a closed
 * window stop instead of running on for nobody (ipcMain.handle gives no signal of its own).
 */
const signals = new WeakMap<object, AbortSignal>();

function signalFor(sender: InvokeEventLike['sender']): AbortSignal | undefined {
  if (!sender || typeof sender.once !== 'function') return undefined;
  let signal = signals.get(sender);
  if (!signal) {
    const controller = new AbortController();
    sender.once('destroyed', () => controller.abort());
    signal = controller.signal;
    signals.set(sender, signal);
  }
  return signal;
}
