/**
 * The pack screen's order index is a walk like every other (issue 32): against a service
 * that says it holds 39 million orders to pack, its first build stops after one page with a
 * sentence naming the count and the bound, instead of millions of requests behind the station.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../sandbox/test/support/sandbox-fixture';
import { createApiClient } from '../../kernel/api/api-client';
import { AccountLimiter } from '../../kernel/api/limiter';
import { openLocalStore } from '../../kernel/local-store';
import { MAX_WALK_ROWS } from '../../kernel/operations/bounded-walk';
import { OrderIndex } from './order-index';

const HUGE = 39_195_278;
const api = startSandboxForFile({ seed: 1, scale: 1 });
const dir = mkdtempSync(join(tmpdir(), 'packbench-order-index-bound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the order index on a huge account', () => {
  it('stops after one page with the count and the bound, in words', async () => {
    let orderPages = 0;
    // The sandbox's own pages, each saying the list holds 39 million orders.
    const client = async () =>
      createApiClient({
        baseUrl: api.sandbox().url,
        apiKey: TEST_KEY,
        limiter: new AccountLimiter({ initialRate: 200, maxRate: 500 }),
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          const url = new URL(input instanceof Request ? input.url : String(input));
          if (url.pathname !== '/api/orders/' || !answer.ok) return answer;
          orderPages += 1;
          const body = (await answer.json()) as { count: number };
          return new Response(JSON.stringify({ ...body, count: HUGE }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        },
      });
    const store = await openLocalStore({ dir });
    const index = new OrderIndex({ client, localStore: async () => store });
    try {
      const error = await index.find('ANY-CODE').then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toContain(
        `There are 39,195,278 orders to pack: more than the ${MAX_WALK_ROWS.toLocaleString('en-US')} the console reads in one go.`,
      );
      expect(orderPages).toBe(1);
    } finally {
      index.close();
      store.close();
    }
  });
});
