/** Buffers for whole answers, used again once given back (reused-buffers.ts). */
import { describe, expect, it } from 'vitest';
import { ReusedBuffers } from './reused-buffers';

const MB = 1024 * 1024;

describe('reused answer buffers', () => {
  it('gives a buffer at least as large as asked, and the same one again once handed back', () => {
    const buffers = new ReusedBuffers();
    const first = buffers.take(2.5 * MB);
    expect(first.length).toBeGreaterThanOrEqual(2.5 * MB);
    // Not handed back yet (its answer is still being written): another one.
    const second = buffers.take(2 * MB);
    expect(second).not.toBe(first);
    buffers.give(first);
    expect(buffers.take(2.2 * MB)).toBe(first);
    // Too small for the request: a new one.
    buffers.give(second);
    expect(buffers.take(5 * MB)).not.toBe(second);
  });

  it('picks the smallest free buffer that fits', () => {
    const buffers = new ReusedBuffers();
    const large = buffers.take(6 * MB);
    const small = buffers.take(1);
    buffers.give(large);
    buffers.give(small);
    expect(buffers.take(100)).toBe(small);
    expect(buffers.take(100)).toBe(large);
  });

  it('holds at most `keep` buffers, the larger ones, and none above `largest`', () => {
    const buffers = new ReusedBuffers(2, 4 * MB);
    const [a, b, c] = [buffers.take(1), buffers.take(1), buffers.take(3 * MB)];
    const huge = buffers.take(5 * MB);
    buffers.give(a);
    buffers.give(b);
    // Full of small ones: a larger one takes a small one's place.
    buffers.give(c);
    buffers.give(huge);
    buffers.give(c);
    expect(buffers.take(2 * MB)).toBe(c);
    const rest = buffers.take(1);
    expect([a, b]).toContain(rest);
    expect(buffers.take(5 * MB)).not.toBe(huge);
  });
});
