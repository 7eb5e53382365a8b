/**
 * The stub bridge for the views' component tests: a selected sandbox connection with a key, a
 * settings file that each patch is merged into (shared/merge-patch.ts, as the bridge applies
 * it), and whatever API answers a test passes. Views render inside the view error boundary, so
 * a crash shows as the boundary's text rather than as a thrown test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { defaultSettings } from '../../../shared/contract/settings-schema';
import { mergePatch } from '../../../shared/merge-patch';
import { BridgeProvider } from '../app/bridge-context';
import { ViewErrorBoundary } from '../app/view-error-boundary';
import type { PackbenchClient } from '../bridge';

export const ok = (value: unknown) => async () => ({ ok: true, value });

export type StubClient = PackbenchClient &
  Record<string, ReturnType<typeof vi.fn>> & {
    /** settings.views as stored now (after the writes that have answered). */
    storedViews(): Record<string, unknown>;
  };

export interface StubOptions {
  /** How long the n-th settings write (from 1) takes to answer, in ms (default 0). */
  writeDelayMs?(n: number): number;
}

export function stubClient(
  answers: Record<string, unknown>,
  views: Record<string, unknown> = {},
  options: StubOptions = {},
): StubClient {
  let settings = { ...defaultSettings(), views };
  let writes = 0;
  const answer = () => ({ ok: true, value: { settings, path: '/x', notices: [] } });
  return {
    storedViews: () => settings.views,
    settingsGet: async () => answer(),
    settingsUpdate: vi.fn(async ({ patch }: { patch: { views: Record<string, unknown> } }) => {
      writes += 1;
      const delay = options.writeDelayMs?.(writes) ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      settings = { ...settings, views: mergePatch(settings.views, patch.views) as typeof views };
      return answer();
    }),
    connectionsList: ok({
      connections: [
        {
          id: 'c1',
          name: 'Sandbox',
          baseUrl: 'http://127.0.0.1:1',
          sandbox: true,
          key: { hasKey: true, last4: 'abcd' },
        },
      ],
      selectedId: 'c1',
    }),
    // What the views' filter bars ask for on their own, answered empty unless a test says.
    locationsList: ok([]),
    inventoryLocationStock: ok({ results: [] }),
    ordersFacets: ok({ channel: [] }),
    onEvent: () => () => {},
    ...answers,
  } as unknown as StubClient;
}

/** The providers a view or hook needs around it (renderHook's `wrapper`), and their cache. */
export function bridgeWrapper(client: PackbenchClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BridgeProvider client={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BridgeProvider>
  );
  return { wrapper, queryClient };
}

export function renderWith(client: PackbenchClient, view: ReactNode) {
  const { wrapper } = bridgeWrapper(client);
  return render(<ViewErrorBoundary viewName="Test">{view}</ViewErrorBoundary>, { wrapper });
}

export const expectNoBoundary = () => expect(screen.queryByText(/could not be shown/)).toBeNull();

/**
 * What React complained about while rendering (duplicate keys, bad props…), leaving out
 * jsdom's not knowing the <search> element, which browsers do know.
 */
export function reactErrors(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => !/is unrecognized in this browser.* search/.test(text));
}
