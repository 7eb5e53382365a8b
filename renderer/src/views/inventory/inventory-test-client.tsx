/**
 * The stub bridge for the inventory and locations component tests: a selected sandbox
 * connection with a key, a settings file whose `views` each patch merges into (a JSON merge
 * patch, as the bridge applies it), and whatever API answers a test passes. Rendered inside the view error
 * boundary, so a crash shows as the boundary's text rather than as a thrown test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import { BridgeProvider } from '../../app/bridge-context';
import { ViewErrorBoundary } from '../../app/view-error-boundary';
import type { PackbenchClient } from '../../bridge';

export const ok = (value: unknown) => async () => ({ ok: true, value });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7396 merge patch (the bridge's own lives in the main process, out of the renderer's reach). */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export type StubClient = PackbenchClient & Record<string, ReturnType<typeof vi.fn>>;

export function stubClient(
  answers: Record<string, unknown>,
  views: Record<string, unknown> = {},
): StubClient {
  let settings = { ...defaultSettings(), views };
  const answer = () => ({ ok: true, value: { settings, path: '/x', notices: [] } });
  return {
    settingsGet: async () => answer(),
    settingsUpdate: vi.fn(async ({ patch }: { patch: { views: Record<string, unknown> } }) => {
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
    locationsList: ok([]),
    inventoryLocationStock: ok({ results: [] }),
    onEvent: () => () => {},
    ...answers,
  } as unknown as StubClient;
}

export function renderWith(client: PackbenchClient, view: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <BridgeProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <ViewErrorBoundary viewName="Test">{view}</ViewErrorBoundary>
      </QueryClientProvider>
    </BridgeProvider>,
  );
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
