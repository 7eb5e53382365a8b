/**
 * An API client for tests over real HTTP that also notes every address it asks, so a test can
 * count what reached the server (a cache hit asks nothing; a refused address is never asked).
 * Its limiter is generous: the tests measure requests, not pacing.
 */
import { createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';

export function countingApiClient(baseUrl: string, apiKey: string) {
  /** The full address of each request, in the order asked. */
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl,
    apiKey,
    limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4 }),
    fetch: (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  return { client, asked };
}
