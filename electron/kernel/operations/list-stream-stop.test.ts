/**
 * A stop of a list read as it arrives (issue 32), with a body fed by hand: a stop before the
 * end hands over the rows waiting and says `stopped`, and takes no row after it; a stop once
 * the whole body has come is the list's end (`done`), not a stop, so the view does not offer
 * a Resume for a list it holds whole.
 */
import { describe, expect, it } from 'vitest';
import { handFedList, idRows } from '../test-support/hand-fed-list';

describe('a list stopped', () => {
  it('before its end: the rows waiting, stopped, and none after', async () => {
    const { stream, push, abort, pumped } = handFedList();
    push(`[${idRows(1, 3)},`);
    const first = await stream.read(0);
    expect(first.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    push(`${idRows(4, 2)},`);
    // The rows pushed are parsed once the pump has had its turn: wait for the parser.
    await new Promise((resolve) => setImmediate(resolve));
    const last = stream.stop(3);
    abort.abort();
    expect(last).toMatchObject({ from: 3, done: false, stopped: true });
    expect(last.rows.map((r) => r.id)).toEqual([4, 5]);
    // The body is let go: nothing more can come in.
    await pumped;
    expect(() => push(`${idRows(6, 2)}]`)).toThrow();
    expect(stream.stop(5).rows).toEqual([]);
  });

  it('once the whole list came: its end, not a stop', async () => {
    const { stream, push, end, pumped } = handFedList();
    push(`[${idRows(1, 4)}]`);
    end();
    await pumped;
    const last = stream.stop(0);
    expect(last.done).toBe(true);
    expect(last.stopped).toBeUndefined();
    expect(last.rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
