// @vitest-environment jsdom
/**
 * Appearance choices made quickly (light, then dark, then compact): each write is sent only
 * once the one before it has answered, so a slow first write cannot land after a later one
 * and undo it. The settings stub's first write answers last whenever writes overlap.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { useSettings, useUiPreferences, useUpdateUi } from './use-settings';

it('quick appearance choices are stored in the order they were made', async () => {
  const client = stubClient({}, {}, { slowFirstWrite: true });
  const { wrapper, queryClient } = bridgeWrapper(client);
  const hook = renderHook(
    () => ({ loaded: useSettings().isSuccess, ui: useUiPreferences(), update: useUpdateUi() }),
    { wrapper },
  );
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  act(() => hook.result.current.update.mutate({ theme: 'light' }));
  act(() => hook.result.current.update.mutate({ theme: 'dark' }));
  act(() => hook.result.current.update.mutate({ density: 'compact' }));
  // Shown before the writes are all in (the first is still on its way).
  await waitFor(() =>
    expect(hook.result.current.ui).toMatchObject({ theme: 'dark', density: 'compact' }),
  );
  expect(client.storedUi()).not.toMatchObject({ theme: 'dark', density: 'compact' });
  await waitFor(() => expect(client.settingsUpdate).toHaveBeenCalledTimes(3));
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  expect(client.storedUi()).toMatchObject({ theme: 'dark', density: 'compact' });
  expect(hook.result.current.ui).toMatchObject({ theme: 'dark', density: 'compact' });
});
