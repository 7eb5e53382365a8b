/**
 * An API client for tests over real HTTP on the sandbox, its limiter generous: these tests
 * measure what is asked and answered, not pacing. `fetch`, where given, stands between the
 * client and the network (to count requests, or to change what the sandbox answers).
 */
import { type ApiClient, type ApiClientOptions, createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';

export function sandboxApiClient(
  baseUrl: string,
  apiKey: string,
  fetch?: ApiClientOptions['fetch'],
): ApiClient {
  return createApiClient({
    baseUrl,
    apiKey,
    limiter: new AccountLimiter({ initialRate: 200, maxRate: 500 }),
    ...(fetch ? { fetch } : {}),
  });
}
