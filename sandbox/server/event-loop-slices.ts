/**
 * Long work in slices: `await slices.breath()` after each unit of work hands the event loop
 * back once `sliceMs` has passed since the last time, so other clients' requests are served
 * between the slices. The sandbox serves every station of a test floor from one event loop;
 * a real service serves them side by side, and a 500-order page or a 20,000-order export
 * built in one go held every other request for 0.1-1.5 s.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export class EventLoopSlices {
  private since = performance.now();

  constructor(private readonly sliceMs = 5) {}

  /**
   * Whether the slice is over: a loop over cheap items (answers already kept) asks this first
   * and awaits breath() only then, rather than a promise per item.
   */
  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /** Resolves at once while the slice lasts; else after one turn of the event loop. */
  async breath(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}
