/**
 * How a streamed list is cut into chunks, with a body fed by hand and a clock that does not
 * move by itself: the first chunk goes as soon as a screenful has arrived (the person sees
 * rows while the rest of the list is still on its way), later ones wait for more.
 */
import type { ValidateFunction } from 'ajv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_ROWS, CHUNK_WAIT_MS, FIRST_CHUNK_ROWS, ListStream } from './list-stream';

const accept = (() => true) as unknown as ValidateFunction;
const encoder = new TextEncoder();
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: from + i })).join(',');

/** A list whose body is written by the test, piece by piece. */
function handFed() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  const stream = new ListStream<{ id: number }>(
    { body, length: undefined },
    { validate: accept, idKey: 'id', what: 'shipments' },
  );
  void stream.pump(new AbortController().signal);
  return { stream, push, end };
}

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
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over the first screenful at once, without waiting for more rows or the clock', async () => {
    const { stream, push } = handFed();
    const first = stream.read(0);
    push(`[${rows(0, FIRST_CHUNK_ROWS - 1)}`);
    expect(await settled(first)).toBe(false);
    push(`,${rows(FIRST_CHUNK_ROWS - 1, 1)}`);
    expect(await settled(first)).toBe(true);
    const chunk = await first;
    expect(chunk.rows.map((r) => r.id)).toEqual([...Array(FIRST_CHUNK_ROWS).keys()]);
    expect(chunk.done).toBe(false);
  });

  it('waits for a larger chunk after the first, or for the clock', async () => {
    const { stream, push, end } = handFed();
    push(`[${rows(0, FIRST_CHUNK_ROWS)}`);
    const first = await stream.read(0);
    const second = stream.read(first.rows.length);
    push(`,${rows(FIRST_CHUNK_ROWS, FIRST_CHUNK_ROWS)}`);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(CHUNK_WAIT_MS * 10);
    expect((await second).rows).toHaveLength(FIRST_CHUNK_ROWS);
    const third = stream.read(2 * FIRST_CHUNK_ROWS);
    push(`,${rows(2 * FIRST_CHUNK_ROWS, CHUNK_ROWS)}]`);
    end();
    expect((await third).rows).toHaveLength(CHUNK_ROWS);
    const last = await stream.read(2 * FIRST_CHUNK_ROWS + CHUNK_ROWS);
    expect(last).toMatchObject({ rows: [], loaded: 2 * FIRST_CHUNK_ROWS + CHUNK_ROWS, done: true });
  });
});
