/**
 * Fake timers for every test of the suite it is called in: the code's timers move only when the
 * test moves the clock (vi.advanceTimersByTime…), so a busy machine changes nothing a test sees.
 * The real timers are back after each test.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function fakeTimersEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
