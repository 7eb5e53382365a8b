/**
 * IPC channel names, shared by the main process and the preload. One channel per contract
 * method, built from the zod-free name list so the preload bundle stays small; events travel
 * on one channel of their own, main → renderer only.
 */
import { BRIDGE_METHOD_NAMES, type BridgeMethodName } from '@shared/contract/method-names';

export const CHANNEL_PREFIX = 'bridge:';
export const EVENT_CHANNEL = 'bridge:event';

export type MethodChannel<M extends BridgeMethodName = BridgeMethodName> = `bridge:${M}`;

export function channelFor<M extends BridgeMethodName>(method: M): MethodChannel<M> {
  return `${CHANNEL_PREFIX}${method}` as MethodChannel<M>;
}

/** Every method channel, in contract order. */
export const METHOD_CHANNELS: readonly MethodChannel[] = Object.freeze(
  BRIDGE_METHOD_NAMES.map((method) => channelFor(method)),
);
