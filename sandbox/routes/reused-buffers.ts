/**
 * Buffers for whole answers (a 500-order page is ~2.5 MB), used again once the answer has gone
 * to the socket. A fresh Buffer per page counts as external memory to V8, and 40 pages (one
 * bulk station reading every order of a scale-10 sandbox) allocated 100 MB of it: enough for
 * V8 to start marking the whole heap from allocation pressure, in steps of 30-200 ms at a
 * time on a loaded machine and a finalising pause after, while every other station's request
 * waited (the sandbox probe's p95 went from ~3 to 50-150 ms). A buffer used again allocates
 * nothing, so nothing is asked of the collector.
 */

/** Sizes are rounded up to this, so pages of slightly different sizes share buffers. */
const STEP = 1024 * 1024;

export class ReusedBuffers {
  private readonly free: Buffer[] = [];

  /**
   * @param keep how many free buffers to hold at most (one per answer being written at once)
   * @param largest buffers above this size are not kept (a rare huge page allocates its own)
   */
  constructor(
    private readonly keep = 4,
    private readonly largest = 8 * STEP,
  ) {}

  /** A buffer of at least `size` bytes, its contents undefined; hand it back with `give`. */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const length = this.free[i]!.length;
      if (length >= size && (best < 0 || length < this.free[best]!.length)) best = i;
    }
    if (best >= 0) return this.free.splice(best, 1)[0]!;
    // Slow: its own memory, never a slice of Node's shared pool (which is never handed back).
    return Buffer.allocUnsafeSlow(Math.ceil(Math.max(size, 1) / STEP) * STEP);
  }

  /**
   * Hands back a buffer from `take` once nothing reads it any more (its response has finished:
   * the socket has taken every byte). A buffer whose response failed is simply not given back.
   */
  give(buffer: Buffer): void {
    if (buffer.length > this.largest || this.free.includes(buffer)) return;
    if (this.free.length < this.keep) {
      this.free.push(buffer);
      return;
    }
    // Full: keep the larger ones, which fit any page (small pages would otherwise crowd out
    // the 500-order pages' buffers and every large page allocate again).
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++) {
      if (this.free[i]!.length < this.free[smallest]!.length) smallest = i;
    }
    if (buffer.length > this.free[smallest]!.length) this.free[smallest] = buffer;
  }
}
