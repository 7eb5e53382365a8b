/**
 * The stub bridge for the views' component tests: a selected sandbox connection with a key, a
 * settings file that each patch is merged into (shared/merge-patch.ts, as the bridge applies
 * it), and whatever API answers a test passes. Views render inside the view error boundary, so
 * a crash shows as the boundary's text rather than as a thrown test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, type Mock, vi } from 'vitest';
import type { ArgsOf, BridgeMethod, BridgeResult } from '../../../shared/contract/bridge-contract';
import type { BridgeErrorCode } from '../../../shared/contract/bridge-error';
import { BRIDGE_METHOD_NAMES } from '../../../shared/contract/method-names';
import { defaultSettings, type SettingsView } from '../../../shared/contract/settings-schema';
import { mergePatch } from '../../../shared/merge-patch';
import type { PackbenchClient } from '../bridge';
import { BridgeProvider } from '../query/bridge-context';
import { ViewErrorBoundary } from '../views/view-error-boundary';

/** A stand-in for one bridge method: the contract's arguments in, its Result out. */
export type StubAnswer<M extends BridgeMethod> = (args: ArgsOf<M>) => Promise<BridgeResult<M>>;

/** Stand-ins for any of the contract's methods (the compiler checks each against its own). */
export type StubAnswers = { [M in BridgeMethod]?: StubAnswer<M> };

/** Answers `value` every time (its type must be the method's result where it is used). */
export const ok =
  <T,>(value: T) =>
  async (): Promise<{ ok: true; value: T }> => ({ ok: true, value });

/**
 * Answers `value` without checking it against the method's result type: for hand-written
 * partial fixtures that leave out fields the view under test does not need. Prefer `ok` with
 * a schema sample (schema-variants.ts) where the shape matters.
 */
export const okUntyped =
  (value: unknown) =>
  // `never` fits every method's result: the check is switched off for this value only.
  async (): Promise<{ ok: true; value: never }> => ({ ok: true, value: value as never });

/** Fails every time with the bridge's typed error (and its errors by field, where given). */
export const fails =
  (code: BridgeErrorCode, message = `${code} happened`, fieldErrors?: Record<string, string[]>) =>
  async (): Promise<{
    ok: false;
    error: { code: BridgeErrorCode; message: string; fieldErrors?: Record<string, string[]> };
  }> => ({
    ok: false,
    error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) },
  });

const METHODS = new Set<string>(BRIDGE_METHOD_NAMES);

export type StubClient = PackbenchClient & {
  settingsUpdate: Mock<StubAnswer<'settingsUpdate'>>;
  /** settings.views as stored now (after the writes that have answered). */
  storedViews(): Record<string, unknown>;
  /** settings.ui as stored now. */
  storedUi(): Record<string, unknown>;
};

export interface StubOptions {
  /**
   * The first settings write answers last if the writes overlap: it waits until a second
   * write has been asked for and answered, or (where writes go one at a time and no second
   * can come) for 50 turns of the event loop. No clock: had the writes overlapped, the first
   * lands after the second on any machine, however busy.
   */
  slowFirstWrite?: boolean;
}

/** Turns of the event loop (0 ms timers run in order: each is one more turn). */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A client whose every method answers as the contract says: the given answers, the defaults
 * below, and for anything else a failing call (a view asking for what the test did not
 * expect sees an error, not a hang).
 */
export function stubClient(
  answers: StubAnswers,
  views: Record<string, unknown> = {},
  options: StubOptions = {},
): StubClient {
  let settings = { ...defaultSettings(), views };
  let writes = 0;
  let answeredSecond = () => {};
  const secondAnswered = new Promise<void>((done) => {
    answeredSecond = done;
  });
  const answer = (): { ok: true; value: SettingsView } => ({
    ok: true,
    value: { settings, path: '/x', notices: [] },
  });
  const defaults: StubAnswers = {
    settingsGet: async () => answer(),
    connectionsList: ok({
      connections: [
        {
          id: 'c1',
          name: 'Sandbox',
          baseUrl: 'http://127.0.0.1:1',
          sandbox: true,
          key: { hasKey: true, last4: 'abcd', storage: 'keychain', keychainAvailable: true },
        },
      ],
      selectedId: 'c1',
    }),
    // What the views' filter bars ask for on their own, answered empty unless a test says.
    locationsList: ok([]),
    inventoryLocationStock: ok({ results: [] }),
    // No exceptions walk kept from an earlier session.
    inventoryExceptionsKept: ok({ kept: null }),
    ordersFacets: ok({ payment_status: [], fulfillment_status: [], channel: [] }),
  };
  const settingsUpdate = vi.fn<StubAnswer<'settingsUpdate'>>(async ({ patch }) => {
    writes += 1;
    const n = writes;
    if (options.slowFirstWrite && n === 1) await Promise.race([secondAnswered, turns(50)]);
    settings = {
      ...settings,
      // As the bridge applies them (applySettingsPatch): ui fields one by one, views merged.
      ui: { ...settings.ui, ...patch.ui } as typeof settings.ui,
      views: mergePatch(settings.views, patch.views ?? {}) as typeof views,
    };
    if (n === 2) answeredSecond();
    return answer();
  });
  const methods = { ...defaults, settingsUpdate, ...answers } as Record<string, unknown>;
  const client = new Proxy(
    {
      storedViews: () => settings.views,
      storedUi: () => settings.ui,
      onEvent: () => () => {},
      transport: 'browser',
    },
    {
      get(target, name: string) {
        if (name in target) return target[name as keyof typeof target];
        if (!METHODS.has(name)) return undefined;
        return methods[name] ?? fails('internal', `the test stub has no answer for ${name}`);
      },
    },
  );
  return client as unknown as StubClient;
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

/** A list view as a person finds it: its table, the filters beside it, and no error panel. */
export function expectListWithFilters(table: string): HTMLElement {
  const shown = screen.getByRole('table', { name: table });
  expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
  expectNoBoundary();
  return shown;
}

/**
 * What React complained about while rendering (duplicate keys, bad props…), leaving out
 * jsdom's not knowing the <search> element, which browsers do know.
 */
export function reactErrors(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => !/is unrecognized in this browser.* search/.test(text));
}
