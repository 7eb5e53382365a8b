// @vitest-environment jsdom
/**
 * Two quick changes of a saved view (a status picked, then a channel typed and Enter before
 * the first write's optimistic copy reached the cache) keep both: the second is built on the
 * first, the writes go one at a time in order, and what is saved last holds both.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { useSavedViewState } from './use-saved-view-state';

type Filters = { status: string; channel: string };
const read = (raw: unknown): Filters => ({
  status: 'open',
  channel: '',
  ...((raw as { filters?: Filters } | undefined)?.filters ?? {}),
});
const write = (value: Filters) => ({ filters: value });

it('a second change made at once is built on the first, and both are written', async () => {
  // The first write is slow and the second quick: if both were in flight at once, the first
  // would land last and put the old filters back.
  const client = stubClient({}, {}, { slowFirstWrite: true });
  const settingsUpdate = client.settingsUpdate;
  const { wrapper, queryClient } = bridgeWrapper(client);
  const { result } = renderHook(() => useSavedViewState('returns', 'Returns', read, write), {
    wrapper,
  });
  await waitFor(() => expect(result.current.loaded).toBe(true));

  act(() => result.current.update({ ...result.current.value, status: 'closed' }));
  // The very next event sees the first change, before any write has answered.
  act(() => result.current.update({ ...result.current.value, channel: 'Amazon' }));
  expect(result.current.value).toEqual({ status: 'closed', channel: 'Amazon' });

  await waitFor(() => expect(settingsUpdate).toHaveBeenCalledTimes(2));
  await waitFor(() =>
    expect(client.storedViews().returns).toEqual({
      filters: { status: 'closed', channel: 'Amazon' },
    }),
  );
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(result.current.value).toEqual({ status: 'closed', channel: 'Amazon' });
});
