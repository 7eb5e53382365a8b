/**
 * What the Electron preload puts on `window.packbench` (the renderer's view of it). Types only:
 * the renderer wraps this in its transport-neutral client, so views never see which transport
 * runs underneath.
 */
import type { BridgeClient } from './bridge-contract';
import type { BridgeEvent } from './values';

/** The property of `window` the preload fills. */
export type PreloadGlobalName = 'packbench';

export type PreloadApi = BridgeClient & {
  /** Subscribes to bridge events (progress, throttle state, notices); returns the unsubscribe. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  readonly transport: 'electron';
};
