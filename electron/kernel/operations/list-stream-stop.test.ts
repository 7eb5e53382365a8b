/**
 * A stop of a list read as it arrives (issue 32), with a body fed by hand: a stop before the
 * end hands over the rows waiting and says `stopped`, and takes no row after it; a stop once
 * the whole body has come is the list's end (`done`), not a stop, so the view does not offer
 * a Resume for a list it holds whole.
 */
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ListStream } from './list-stream';

const accept = (() => true) as unknown as ValidateFunction;
const encoder = new TextEncoder();
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: from + i })).join(',');

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
  const abort = new AbortController();
  const pumped = stream.pump(abort.signal);
  return { stream, push, end, abort, pumped };
}

describe('a list stopped', () => {
  it('before its end: the rows waiting, stopped, and none after', async () => {
    const { stream, push, abort, pumped } = handFed();
    push(`[${rows(1, 3)},`);
    const first = await stream.read(0);
    expect(first.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    push(`${rows(4, 2)},`);
    // The rows pushed are parsed once the pump has had its turn: wait for the parser.
    await new Promise((resolve) => setImmediate(resolve));
    const last = stream.stop(3);
    abort.abort();
    expect(last).toMatchObject({ from: 3, done: false, stopped: true });
    expect(last.rows.map((r) => r.id)).toEqual([4, 5]);
    // The body is let go: nothing more can come in.
    await pumped;
    expect(() => push(`${rows(6, 2)}]`)).toThrow();
    expect(stream.stop(5).rows).toEqual([]);
  });

  it('once the whole list came: its end, not a stop', async () => {
    const { stream, push, end, pumped } = handFed();
    push(`[${rows(1, 4)}]`);
    end();
    await pumped;
    const last = stream.stop(0);
    expect(last.done).toBe(true);
    expect(last.stopped).toBeUndefined();
    expect(last.rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
