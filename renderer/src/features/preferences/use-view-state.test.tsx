// @vitest-environment jsdom
/**
 * A view's saved state under quick changes: the same filter changed twice while the first
 * write is slow ends with the second stored and shown, and a change of another piece (page
 * size) made at once keeps both, and changes still queued when the page goes away are sent as
 * one patch. The settings stub applies patches as the bridge does (merge).
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { useViewState } from './use-view-state';

type State = { q: string; pageSize: number };
type Change = { q: string } | { pageSize: number };
const SPEC = {
  viewId: 'things',
  label: 'Things',
  read: (views: Record<string, unknown> | undefined): State => ({
    q: '',
    pageSize: 50,
    ...((views?.things as Partial<State> | undefined) ?? {}),
  }),
  apply: (value: State, change: Change): State => ({ ...value, ...change }),
  patch: (change: Change) => ({ ...change }),
};

/** The first write is slow: had the writes overlapped, it would land last. */
const SLOW_FIRST = { slowFirstWrite: true };

function setup() {
  const client = stubClient({}, {}, SLOW_FIRST);
  const { wrapper, queryClient } = bridgeWrapper(client);
  const hook = renderHook(() => useViewState(SPEC), { wrapper });
  const stored = () => client.storedViews().things;
  return { hook, settingsUpdate: client.settingsUpdate, queryClient, stored };
}

it('the same filter changed twice quickly ends with the second, stored and shown', async () => {
  const { hook, settingsUpdate, queryClient, stored } = setup();
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  act(() => hook.result.current.update({ q: 'a' }));
  act(() => hook.result.current.update({ q: 'ab' }));
  expect(hook.result.current.value.q).toBe('ab');
  await waitFor(() => expect(settingsUpdate).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(stored()).toEqual({ q: 'ab' });
  expect(hook.result.current.value).toEqual({ q: 'ab', pageSize: 50 });
});

it('two different pieces changed at once are both kept', async () => {
  const { hook, queryClient, stored } = setup();
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  act(() => hook.result.current.update({ q: 'box' }));
  act(() => hook.result.current.update({ pageSize: 250 }));
  expect(hook.result.current.value).toEqual({ q: 'box', pageSize: 250 });
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(stored()).toEqual({ q: 'box', pageSize: 250 });
  expect(hook.result.current.value).toEqual({ q: 'box', pageSize: 250 });
});

it('quick steps given as functions of the latest value each build on the last', async () => {
  const { hook, queryClient, stored } = setup();
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  // Five arrow-key steps within one event loop turn: no render in between to read from.
  act(() => {
    for (let i = 0; i < 5; i++) hook.result.current.update((v) => ({ pageSize: v.pageSize + 10 }));
  });
  expect(hook.result.current.value.pageSize).toBe(100);
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(stored()).toEqual({ pageSize: 100 });
  expect(hook.result.current.value.pageSize).toBe(100);
});

it('changes queued behind a slow write are sent at once, composed, when the page goes away', async () => {
  const { hook, settingsUpdate, stored } = setup();
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  act(() => hook.result.current.update({ q: 'a' }));
  await waitFor(() => expect(settingsUpdate).toHaveBeenCalledTimes(1));
  // The first write is still on its way; these two wait behind it.
  act(() => hook.result.current.update({ q: 'ab' }));
  act(() => hook.result.current.update({ pageSize: 25 }));
  expect(settingsUpdate).toHaveBeenCalledTimes(1);
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(settingsUpdate).toHaveBeenCalledTimes(2);
  expect(settingsUpdate.mock.calls[1]?.[0]).toEqual({
    patch: { views: { things: { q: 'ab', pageSize: 25 } } },
  });
  await waitFor(() => expect(stored()).toEqual({ q: 'ab', pageSize: 25 }));
});

it('nothing is sent when the page goes away with every change already sent', async () => {
  const { hook, settingsUpdate, queryClient } = setup();
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  act(() => hook.result.current.update({ q: 'box' }));
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(settingsUpdate).toHaveBeenCalledTimes(1);
});
