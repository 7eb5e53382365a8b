/**
 * The API handlers over one address with a fast limiter and no retries: for tests that point
 * them at the sandbox or at a small server of their own and want each answer as it is.
 */
import { createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';
import type { SelectedLocalStore } from '../kernel/local-store';
import { type ApiHandlers, createApiHandlers } from '../main/create-api-handlers';

export function quickHandlers(
  baseUrl: string,
  apiKey: string,
  localStore?: SelectedLocalStore,
): ApiHandlers {
  return createApiHandlers({
    localStore,
    client: async () =>
      createApiClient({
        baseUrl,
        apiKey,
        limiter: new AccountLimiter({ initialRate: 500, maxRate: 500 }),
        retries: 0,
      }),
    exportDir: '/tmp',
  });
}
