/**
 * The hooks the component tests registered by hand in every file: unmount what a test rendered
 * and put back what it spied on, and (for views that show ages and dates) a fixed Date. Call
 * them at the top of a test file, outside any describe, as the hand-written hooks stood.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** After each test: what it rendered is unmounted and every spy it set is restored. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}

/**
 * Each test runs at `now` (and cleans up after itself, as cleanUpAfterEach). Only Date is
 * fixed: the testing library's waits keep their own timers, so `findBy…` still waits.
 */
export function fixedDateEachTest(now: Date): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
