/**
 * The console's own methods that are neither API calls nor settings: testing a connection,
 * starting the embedded sandbox, the throttle's state and the app's identity.
 */
import { checkBaseUrl } from '@shared/contract/url-policy';
import type { ConnectionVerdict, ConnectionView, ThrottleState } from '@shared/contract/values';
import { APP_NAME, APP_VERSION } from '../../app-info';
import { BridgeFailure } from '../../kernel/failure';
import { asHandlers, type Handlers } from '../../kernel/handler-types';

export interface ConsoleDeps {
  transport: 'electron' | 'browser';
  throttleState(): ThrottleState;
  /** The saved connection's base URL and key (throws no_connection / no_key). */
  savedTarget(connectionId: string): Promise<{ baseUrl: string; apiKey: string }>;
  /** One cheap, authenticated request: the order count. */
  probe(
    target: { baseUrl: string; apiKey: string },
    signal: AbortSignal,
  ): Promise<{ count: number }>;
  startSandbox(): Promise<ConnectionView>;
}

export function createConsoleHandlers(deps: ConsoleDeps) {
  return asHandlers({
    appInfo: async () => ({ name: APP_NAME, version: APP_VERSION, transport: deps.transport }),
    throttleState: async () => deps.throttleState(),
    sandboxStart: async () => deps.startSandbox(),
    connectionTest: async (args, ctx) => {
      const target = 'id' in args ? await deps.savedTarget(args.id) : args;
      const verdict = checkBaseUrl(target.baseUrl);
      if (!verdict.ok) return { ok: false, message: verdict.reason };
      const started = Date.now();
      try {
        const { count } = await deps.probe(
          { baseUrl: verdict.url, apiKey: target.apiKey },
          ctx.signal,
        );
        return {
          ok: true,
          message: `Connected: ${count.toLocaleString('en')} orders in this account.`,
          status: 200,
          latencyMs: Date.now() - started,
        } satisfies ConnectionVerdict;
      } catch (error) {
        if (!(error instanceof BridgeFailure)) throw error;
        const { code, message, status } = error.error;
        if (code === 'cancelled') throw error;
        const plain: Partial<Record<typeof code, string>> = {
          unauthorized:
            'The service answered, but refused this API key. Check the key and try again.',
          forbidden: 'The service answered, but this API key may not read orders.',
          network: `No answer from ${verdict.url}. Check the address and the network.`,
          timeout: `${verdict.url} took too long to answer.`,
          bad_response: `${verdict.url} answered, but not like the Fulfillment API. Check the address.`,
          not_found: `${verdict.url} answered, but has no Fulfillment API there. Check the address.`,
        };
        return {
          ok: false,
          message: plain[code] ?? message,
          status,
          latencyMs: Date.now() - started,
        };
      }
    },
  } satisfies Partial<Handlers>);
}
