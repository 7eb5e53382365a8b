/**
 * The bridge's chunks joined before they reach the query (joinAsDue): the first at once, then
 * by the rows held or the time since the last hand-over, the end at once; a break hands on
 * what came before it. The clock is a plain counter the test moves.
 */
import { describe, expect, it } from 'vitest';
import type { ListChunk } from '../../../shared/contract/values';
import { joinAsDue } from './streamed-list';

type Chunk = ListChunk<number>;

/** `sizes` chunks of consecutive numbers; the last one is the list's end. */
function chunksOf(sizes: number[], clock: { ms: number }, stepMs: number, breakAt?: number) {
  return (async function* () {
    let from = 0;
    for (let i = 0; i < sizes.length; i++) {
      if (i === breakAt) throw new Error('broke');
      const n = sizes[i] as number;
      clock.ms += stepMs;
      const rows = Array.from({ length: n }, (_, j) => from + j);
      yield {
        rows,
        from,
        loaded: from + n,
        setAside: i === 1 ? [{ index: from, id: 'x', problem: 'bad' }] : [],
        bytes: (from + n) * 10,
        done: i === sizes.length - 1,
      } satisfies Chunk;
      from += n;
    }
  })();
}

async function collect(
  source: AsyncIterable<Chunk>,
  clock: { ms: number },
  paint: () => Promise<void> = async () => {},
) {
  const out: Chunk[] = [];
  let error: unknown;
  try {
    for await (const c of joinAsDue(source, () => clock.ms, paint)) out.push(c);
  } catch (e) {
    error = e;
  }
  return { out, error };
}

describe('joinAsDue', () => {
  it('hands on the first chunk alone, then fewer, larger chunks, every row once, in order', async () => {
    const clock = { ms: 0 };
    const sizes = [100, ...Array.from({ length: 60 }, () => 500)];
    const { out } = await collect(chunksOf(sizes, clock, 10), clock);
    expect(out[0]?.rows.length).toBe(100);
    // 30,100 rows read in 61 chunks, handed on growing by half: a dozen hand-overs.
    expect(out.length).toBeLessThan(15);
    expect(out.flatMap((c) => c.rows)).toEqual(Array.from({ length: 30_100 }, (_, i) => i));
    for (const c of out) expect(c.loaded).toBe(c.from + c.rows.length);
    expect(out.at(-1)?.done).toBe(true);
    expect(out.flatMap((c) => c.setAside).map((r) => r.index)).toEqual([100]);
  });

  it('hands on what came once a second has passed, however few rows', async () => {
    const clock = { ms: 0 };
    const { out } = await collect(chunksOf([100, 10, 10, 10, 10, 10], clock, 400), clock);
    expect(out.map((c) => c.rows.length)).toEqual([100, 30, 20]);
  });

  it('hands on a large first chunk as its first rows, then the rest after a frame', async () => {
    const clock = { ms: 0 };
    const seen: number[] = [];
    let painted = 0;
    const paint = async () => {
      // The first rows were handed on before the frame is waited for.
      seen.push(-1);
      painted++;
    };
    const source = chunksOf([5000, 3000], clock, 10);
    const out: Chunk[] = [];
    for await (const c of joinAsDue(source, () => clock.ms, paint)) {
      out.push(c);
      seen.push(c.rows.length);
    }
    expect(painted).toBe(1);
    expect(seen).toEqual([200, -1, 4800, 3000]);
    expect(out[0]?.done).toBe(false);
    expect(out[1]?.from).toBe(200);
    expect(out.flatMap((c) => c.rows)).toEqual(Array.from({ length: 8000 }, (_, i) => i));
    expect(out.at(-1)?.done).toBe(true);
  });

  it('hands on the rows before a break, then fails', async () => {
    const clock = { ms: 0 };
    const { out, error } = await collect(chunksOf([100, 10, 10, 10], clock, 10, 3), clock);
    expect(out.flatMap((c) => c.rows)).toHaveLength(120);
    expect(error).toEqual(new Error('broke'));
  });
});
