// @vitest-environment jsdom
/**
 * A streamed list a person stops, resumes, or that reaches the most rows a view holds (issue
 * 32), on a stub bridge that serves a list of 1..TOTAL in chunks of 10: a Stop ends the list
 * at its next read with a `stop` read (the bridge ends the request there) and keeps the rows
 * that came; Resume asks again passing over the elements held and appends the rest, each once,
 * in order; a cap holds no more than its rows, stops the list and says so.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListChunk } from '../../../shared/contract/values';
import { bridgeWrapper, type StubAnswer, stubClient } from '../test-support/stub-bridge';
import { useStreamedList } from './streamed-list';

const TOTAL = 60;
const PER_READ = 10;
const SHIPMENTS = { start: 'shipmentsStream', read: 'shipmentsStreamRead' } as const;
type Read = { streamId: string; from: number; stop?: boolean };

function servedList(options: { cap?: number; gate?: (read: Read) => Promise<void> } = {}) {
  /** Elements each stream passes over (its start's `skip`). */
  const skips = new Map<string, number>();
  const starts: { fresh?: boolean; skip?: number }[] = [];
  const reads: Read[] = [];
  const shipmentsStream = vi.fn<StubAnswer<'shipmentsStream'>>(async (args) => {
    starts.push(args ?? {});
    const streamId = `s${starts.length}`;
    skips.set(streamId, args?.skip ?? 0);
    return { ok: true, value: { streamId } };
  });
  const shipmentsStreamRead = vi.fn(async (read: Read) => {
    reads.push(read);
    await options.gate?.(read);
    const skip = skips.get(read.streamId) ?? 0;
    const end = read.stop ? read.from : Math.min(TOTAL - skip, read.from + PER_READ);
    const ids = Array.from({ length: end - read.from }, (_, i) => skip + read.from + i + 1);
    const chunk: ListChunk<{ id: number }> = {
      rows: ids.map((id) => ({ id })),
      from: read.from,
      loaded: end,
      setAside: [],
      bytes: end * 10,
      totalBytes: (TOTAL - skip) * 10 + skip * 10,
      done: !read.stop && skip + end === TOTAL,
      ...(read.stop ? { stopped: true } : {}),
    };
    return { ok: true, value: chunk };
  });
  const client = stubClient({
    shipmentsStream,
    shipmentsStreamRead: shipmentsStreamRead as unknown as StubAnswer<'shipmentsStreamRead'>,
  });
  const { wrapper } = bridgeWrapper(client);
  const hook = renderHook(
    () =>
      useStreamedList(SHIPMENTS, (s: { id: number }) => s.id, {
        ...(options.cap ? { cap: options.cap } : {}),
      }),
    { wrapper },
  );
  return { hook, starts, reads };
}

/** A gate the stub's reads wait at once `open` is false: the test steps the list by hand. */
function steppedGate() {
  let release: (() => void) | undefined;
  let arrived: (() => void) | undefined;
  let waiting = new Promise<void>((r) => (arrived = r));
  return {
    gate: (read: Read) => {
      if (read.stop) return Promise.resolve();
      arrived?.();
      return new Promise<void>((r) => (release = r));
    },
    /** Waits for the next read to arrive at the gate, then lets it through. */
    async step() {
      await waiting;
      waiting = new Promise<void>((r) => (arrived = r));
      release?.();
    },
    /** Waits for the next read to arrive at the gate (and holds it there). */
    arrived: () => waiting,
  };
}

describe('a streamed list stopped, resumed, capped', () => {
  it('stops at the next read with the rows that came, then resumes after them', async () => {
    const stepped = steppedGate();
    const { hook, starts, reads } = servedList({ gate: stepped.gate });
    await stepped.step();
    await stepped.step();
    await stepped.arrived();
    // The third read is under way: Stop is taken when it answers.
    act(() => hook.result.current.stop());
    await stepped.step();
    await waitFor(() => expect(hook.result.current.data?.stopped).toBe(true), { timeout: 10_000 });
    const held = hook.result.current.data!;
    expect(held.rows).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(held.complete).toBe(false);
    expect(held.capped).toBe(false);
    // The last read asked the bridge to stop (it ends the request there); none after it.
    expect(reads.at(-1)).toEqual({ streamId: 's1', from: 30, stop: true });
    const readsAtStop = reads.length;
    expect(hook.result.current.isFetching).toBe(false);
    expect(reads).toHaveLength(readsAtStop);

    // Resume: the service is asked again, passing over the 30 held; the rest are appended.
    act(() => hook.result.current.resume());
    for (let i = 0; i < 3; i += 1) await stepped.step();
    await waitFor(() => expect(hook.result.current.data?.complete).toBe(true), {
      timeout: 10_000,
    });
    expect(starts.at(-1)).toEqual({ fresh: true, skip: 30 });
    expect(hook.result.current.data?.rows).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(hook.result.current.data?.stopped).toBe(false);
  });

  it('holds no more than its cap: the list stops there and says it is capped', async () => {
    const { hook, reads } = servedList({ cap: 25 });
    await waitFor(() => expect(hook.result.current.data?.capped).toBe(true), { timeout: 10_000 });
    const list = hook.result.current.data!;
    expect(list.rows).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(list.complete).toBe(false);
    expect(list.stopped).toBe(false);
    // The whole list's length is still known (from the bytes), for "N more".
    expect(list.expected).toBe(TOTAL);
    // The read after the cap asked the bridge to stop; nothing was asked after it.
    expect(reads.at(-1)?.stop).toBe(true);
    expect(reads.filter((r) => !r.stop)).toHaveLength(3);
  });

  it('a list that ends before its cap is whole', async () => {
    const { hook } = servedList({ cap: 1000 });
    await waitFor(() => expect(hook.result.current.data?.complete).toBe(true), {
      timeout: 10_000,
    });
    expect(hook.result.current.data?.rows).toHaveLength(TOTAL);
    expect(hook.result.current.data?.capped).toBe(false);
  });
});
