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

  /**
   * 2 ms a slice: with 5, a probe of the sandbox while a bulk station read every order in
   * 500-order pages beside the export waited 15.9-19.7 ms (p95, quiet, twice); with 2, 10.2
   * and 12.7 ms, the pages' round trips unchanged (p50 11.3 against 11.9-12.1 ms) and the
   * sandbox's CPU per read no higher (0.20 s against 0.28) (bench/sandbox-probe.ts, issue 34).
   */
  constructor(private readonly sliceMs = 2) {}

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
