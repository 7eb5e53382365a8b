/**
 * THE PEER, kept for the pack-station bench only: renderer/src/features/scan/scan-burst.ts as it
 * was before the burst machine replaced it (commit ec82b3f).
 *
 * Tells a barcode scanner from a person at the keyboard. A scanner is a keyboard that types a
 * whole code in a few milliseconds per character and ends with Enter; people type 80-200 ms
 * per key. The detector is fed every key press (with its time) and says, at Enter, whether the
 * keys since the last pause were a scan. Pure, so it is tested without a DOM.
 */

export interface BurstOptions {
  /** A longer pause between two characters starts a new sequence (ms). */
  maxGapMs: number;
  /** The average gap of a scan is at most this (ms): a person never sustains it. */
  maxAverageGapMs: number;
  /** Codes shorter than this are not scans (a person's quick "ok" + Enter is not one). */
  minLength: number;
  /** Longer input is not a code we look up (a pasted document, a stuck key). */
  maxLength: number;
}

/**
 * Scanners send 2-20 ms per key; a loaded machine (or a remote desktop) may stretch some
 * gaps, so one gap may reach 80 ms as long as the average stays scanner-like.
 */
export const DEFAULT_BURST: BurstOptions = {
  maxGapMs: 80,
  maxAverageGapMs: 35,
  minLength: 3,
  maxLength: 100,
};

export type BurstVerdict =
  /** The key belongs to a sequence that may still become a scan: keep it from shortcuts. */
  | { kind: 'typing'; inBurst: boolean }
  /** Enter ended a scan: the code, to look up. */
  | { kind: 'scan'; code: string }
  /** Enter without a scan before it: the page's own Enter. */
  | { kind: 'enter' };

export class BurstDetector {
  private chars: string[] = [];
  private times: number[] = [];

  constructor(private readonly options: BurstOptions = DEFAULT_BURST) {}

  /** Characters in the sequence so far (1 right after the key that started it). */
  get length(): number {
    return this.chars.length;
  }

  /** Forget the sequence (the focus moved into a field, a modifier was held…). */
  reset(): void {
    this.chars = [];
    this.times = [];
  }

  /**
   * One key press: `key` is KeyboardEvent.key (one printable character, or "Enter"); other
   * keys (Shift alone, arrows) should not be fed, except to reset.
   */
  feed(key: string, at: number): BurstVerdict {
    const last = this.times[this.times.length - 1];
    if (last !== undefined && at - last > this.options.maxGapMs) this.reset();
    if (key === 'Enter') {
      const verdict = this.verdict();
      this.reset();
      return verdict;
    }
    if (key.length !== 1) {
      this.reset();
      return { kind: 'typing', inBurst: false };
    }
    this.chars.push(key);
    this.times.push(at);
    if (this.chars.length > this.options.maxLength) this.reset();
    return { kind: 'typing', inBurst: this.isFastSoFar() };
  }

  /** True once at least two characters came scanner-fast: later keys are the scanner's. */
  private isFastSoFar(): boolean {
    if (this.times.length < 2) return false;
    return this.averageGap() <= this.options.maxAverageGapMs;
  }

  private averageGap(): number {
    const first = this.times[0] ?? 0;
    const last = this.times[this.times.length - 1] ?? 0;
    return (last - first) / Math.max(1, this.times.length - 1);
  }

  private verdict(): BurstVerdict {
    const code = this.chars.join('').trim();
    if (code.length < this.options.minLength || !this.isFastSoFar()) return { kind: 'enter' };
    return { kind: 'scan', code };
  }
}
