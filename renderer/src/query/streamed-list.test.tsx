// @vitest-environment jsdom
/**
 * A streamed list whose copy kept on disk breaks part way through (the bridge's file error):
 * the rows of the broken copy are dropped, the list is asked for again from the service by
 * itself and arrives whole, and the list says why. A service that breaks off is not retried.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListChunk } from '../../../shared/contract/values';
import { bridgeWrapper, type StubAnswer, stubClient } from '../test-support/stub-bridge';
import { KEPT_DAMAGED_NOTICE, useStreamedList } from './streamed-list';

const chunk = (ids: number[], from: number, done: boolean): ListChunk<{ id: number }> => ({
  rows: ids.map((id) => ({ id })),
  from,
  loaded: from + ids.length,
  setAside: [],
  bytes: 10,
  done,
});

const SHIPMENTS = { start: 'shipmentsStream', read: 'shipmentsStreamRead' } as const;

function listWith(failure: { code: 'file_error' | 'network'; kept: boolean }) {
  const shipmentsStream = vi.fn<StubAnswer<'shipmentsStream'>>(async (args) => ({
    ok: true,
    value:
      args?.fresh || !failure.kept
        ? { streamId: 'fresh' }
        : { streamId: 'kept', keptAt: '2026-11-27T10:00:00Z' },
  }));
  const shipmentsStreamRead = vi.fn(
    async ({ streamId, from }: { streamId: string; from: number }) => {
      if (streamId === 'fresh' && failure.kept) {
        return { ok: true, value: chunk(from === 0 ? [1, 2] : [3], from, from > 0) };
      }
      // The first chunk comes, the next breaks.
      if (from === 0) return { ok: true, value: chunk([7, 8], 0, false) };
      return { ok: false, error: { code: failure.code, message: 'broke' } };
    },
  );
  const client = stubClient({
    shipmentsStream,
    shipmentsStreamRead: shipmentsStreamRead as unknown as StubAnswer<'shipmentsStreamRead'>,
  });
  const { wrapper } = bridgeWrapper(client);
  const hook = renderHook(() => useStreamedList(SHIPMENTS, (s: { id: number }) => s.id), {
    wrapper,
  });
  return { hook, shipmentsStream };
}

describe('a streamed list', () => {
  it('reads the whole list from the service by itself when the kept copy breaks, and says so', async () => {
    const { hook, shipmentsStream } = listWith({ code: 'file_error', kept: true });
    // A timeout guards a hang on a busy machine.
    await waitFor(() => expect(hook.result.current.data?.complete).toBe(true), {
      timeout: 10_000,
    });
    expect(hook.result.current.isError).toBe(false);
    expect(hook.result.current.data?.rows).toEqual([1, 2, 3]);
    expect(hook.result.current.data?.keptAt).toBeNull();
    expect(hook.result.current.data?.notice).toBe(KEPT_DAMAGED_NOTICE);
    expect(shipmentsStream.mock.calls.map(([a]) => a?.fresh ?? false)).toEqual([false, true]);
  });

  it('does not ask again when the service itself breaks off', async () => {
    const { hook, shipmentsStream } = listWith({ code: 'network', kept: false });
    await waitFor(() => expect(hook.result.current.isError).toBe(true), { timeout: 10_000 });
    expect(shipmentsStream).toHaveBeenCalledTimes(1);
    expect(hook.result.current.data?.rows).toEqual([7, 8]);
  });
});
