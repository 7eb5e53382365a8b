/**
 * How a streamed list is cut into chunks, with a body fed by hand and a clock that does not
 * move by itself: the first chunk goes as soon as a screenful has arrived (the person sees
 * rows while the rest of the list is still on its way), later ones wait for more.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEachTest } from '../test-support/fake-timers';
import { handFedList, idRows } from '../test-support/hand-fed-list';
import { CHUNK_ROWS, CHUNK_WAIT_MS, FIRST_CHUNK_ROWS } from './list-stream';

/** Whether `promise` has settled once pending work (not the clock) has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the chunks of a streamed list', () => {
  fakeTimersEachTest();

  it('hands over the first screenful at once, without waiting for more rows or the clock', async () => {
    const { stream, push } = handFedList();
    const first = stream.read(0);
    push(`[${idRows(0, FIRST_CHUNK_ROWS - 1)}`);
    expect(await settled(first)).toBe(false);
    push(`,${idRows(FIRST_CHUNK_ROWS - 1, 1)}`);
    expect(await settled(first)).toBe(true);
    const chunk = await first;
    expect(chunk.rows.map((r) => r.id)).toEqual([...Array(FIRST_CHUNK_ROWS).keys()]);
    expect(chunk.done).toBe(false);
  });

  it('waits for a larger chunk after the first, or for the clock', async () => {
    const { stream, push, end } = handFedList();
    push(`[${idRows(0, FIRST_CHUNK_ROWS)}`);
    const first = await stream.read(0);
    const second = stream.read(first.rows.length);
    push(`,${idRows(FIRST_CHUNK_ROWS, FIRST_CHUNK_ROWS)}`);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(CHUNK_WAIT_MS * 10);
    expect((await second).rows).toHaveLength(FIRST_CHUNK_ROWS);
    const third = stream.read(2 * FIRST_CHUNK_ROWS);
    push(`,${idRows(2 * FIRST_CHUNK_ROWS, CHUNK_ROWS)}]`);
    end();
    expect((await third).rows).toHaveLength(CHUNK_ROWS);
    const last = await stream.read(2 * FIRST_CHUNK_ROWS + CHUNK_ROWS);
    expect(last).toMatchObject({ rows: [], loaded: 2 * FIRST_CHUNK_ROWS + CHUNK_ROWS, done: true });
  });
});
