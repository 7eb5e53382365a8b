/**
 * The busy loops `npm test -- --busy` runs beside the suites: they really spin (their rounds
 * grow), they stop when told (their threads exit), and the flag and variable are read as
 * documented, bad values refused in words.
 */
import { describe, expect, it } from 'vitest';
import { busyLoopsAsked, startBusyLoops } from './busy-loop';

describe('busy loops', () => {
  it('spin until stopped, then their threads are gone', async () => {
    const loops = startBusyLoops(1);
    await loops.spinning;
    const first = loops.rounds();
    expect(first).toBeGreaterThan(0);
    // Waits for more work done, not for time: the loop is counted, not timed.
    await expect.poll(() => loops.rounds(), { interval: 5 }).toBeGreaterThan(first);
    await loops.stop();
    const after = loops.rounds();
    // Stopped: no thread is left to add a round.
    await new Promise((done) => setImmediate(done));
    expect(loops.rounds()).toBe(after);
  });

  it('starts none for 0', async () => {
    const loops = startBusyLoops(0);
    await loops.spinning;
    await loops.stop();
    expect(loops.rounds()).toBe(0);
  });

  it('reads --busy, --busy=N and PACKBENCH_TEST_BUSY', () => {
    expect(busyLoopsAsked([], {})).toBe(0);
    expect(busyLoopsAsked(['--busy'], {})).toBe(1);
    expect(busyLoopsAsked(['--busy=2'], {})).toBe(2);
    expect(busyLoopsAsked([], { PACKBENCH_TEST_BUSY: '1' })).toBe(1);
    expect(busyLoopsAsked([], { PACKBENCH_TEST_BUSY: 'true' })).toBe(1);
    expect(busyLoopsAsked([], { PACKBENCH_TEST_BUSY: '0' })).toBe(0);
    // The flag wins over the variable.
    expect(busyLoopsAsked(['--busy=3'], { PACKBENCH_TEST_BUSY: '1' })).toBe(3);
  });

  it('refuses a number of loops it cannot run, in words', () => {
    expect(() => busyLoopsAsked(['--busy=many'], {})).toThrow(/number of busy loops.*“many”/);
    expect(() => busyLoopsAsked([], { PACKBENCH_TEST_BUSY: '-1' })).toThrow(/“-1”/);
    expect(() => startBusyLoops(1.5)).toThrow(/whole number/);
  });
});
