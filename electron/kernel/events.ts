/** The bridge's events (progress, throttle state, notices), fanned out to every transport. */
import type { BridgeEvent } from '@shared/contract/values';

export type EventListener = (event: BridgeEvent) => void;

export class BridgeEvents {
  private readonly listeners = new Set<EventListener>();

  emit(event: BridgeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener (a closed window, a dropped HTTP stream) must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
