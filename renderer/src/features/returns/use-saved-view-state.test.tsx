// @vitest-environment jsdom
/**
 * Two quick changes of a saved view (a status picked, then a channel typed and Enter before
 * the first write's optimistic copy reached the cache) keep both: the second is built on the
 * first, the writes go one at a time in order, and what is saved last holds both.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import { BridgeProvider } from '../../app/bridge-context';
import type { PackbenchClient } from '../../bridge';
import { useSavedViewState } from './use-saved-view-state';

type Filters = { status: string; channel: string };
const read = (raw: unknown): Filters => ({
  status: 'open',
  channel: '',
  ...((raw as { filters?: Filters } | undefined)?.filters ?? {}),
});
const write = (value: Filters) => ({ filters: value });

it('a second change made at once is built on the first, and both are written', async () => {
  let settings = { ...defaultSettings(), views: {} as Record<string, unknown> };
  const answer = () => ({ ok: true, value: { settings, path: '/x', notices: [] } });
  // The first write is slow and the second quick: if both were in flight at once, the first
  // would land last and put the old filters back.
  let calls = 0;
  const settingsUpdate = vi.fn(async ({ patch }: { patch: { views: Record<string, unknown> } }) => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, calls === 1 ? 60 : 5));
    settings = { ...settings, views: { ...settings.views, ...patch.views } };
    return answer();
  });
  const client = {
    settingsGet: async () => answer(),
    settingsUpdate,
    onEvent: () => () => {},
  } as unknown as PackbenchClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BridgeProvider client={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BridgeProvider>
  );
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
    expect(settings.views.returns).toEqual({ filters: { status: 'closed', channel: 'Amazon' } }),
  );
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(result.current.value).toEqual({ status: 'closed', channel: 'Amazon' });
});
