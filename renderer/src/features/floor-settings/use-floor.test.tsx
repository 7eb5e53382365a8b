// @vitest-environment jsdom
/**
 * How often the floor's banner asks the main process: every 2 s on a floor (the banner must
 * show an offline floor soon), but only every 30 s at a station with no floor, which asked
 * every 2 s all shift for an answer that does not change.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorStatusName } from '../../../../shared/contract/floor-values';
import type { PackbenchClient } from '../../bridge';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { FloorBanner } from './floor-banner';
import { FLOOR_STATUS_EVERY_MS, NO_FLOOR_STATUS_EVERY_MS } from './use-floor';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders the banner on a bridge whose floor is `status`; returns the status calls. */
async function banner(status: FloorStatusName) {
  const floorStatus = vi.fn(async () => ({
    ok: true,
    value: { status, problem: null, pending: 0 },
  }));
  render(<FloorBanner />, bridgeWrapper({ floorStatus } as unknown as PackbenchClient));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(floorStatus).toHaveBeenCalledTimes(1);
  return floorStatus;
}

describe('the floor banner asks', () => {
  it('every 2 s on a floor', async () => {
    const floorStatus = await banner('online');
    await act(() => vi.advanceTimersByTimeAsync(5 * FLOOR_STATUS_EVERY_MS));
    expect(floorStatus).toHaveBeenCalledTimes(6);
  });

  it('every 30 s at a station with no floor', async () => {
    const floorStatus = await banner('not-configured');
    await act(() => vi.advanceTimersByTimeAsync(NO_FLOOR_STATUS_EVERY_MS - 100));
    expect(floorStatus).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(floorStatus).toHaveBeenCalledTimes(2);
  });
});
