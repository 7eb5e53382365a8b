/**
 * The pack screen's order index is a walk like every other (issue 32), against the sandbox
 * over real HTTP with every request counted:
 *
 * - a person's Stop ends its reading after the pages already asked: no request after it, not
 *   even from the lookups and refreshes that follow, until a person reads again (which then
 *   builds the index whole);
 * - past its bound it stops after one page with a sentence naming the count and the bound
 *   (a service saying it holds 39 million orders to pack; a bound of 10 on the real list),
 *   instead of millions of requests behind the station, and reads nothing more by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Progress } from '@shared/contract/values';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from '../../../sandbox/test/support/sandbox-fixture';
import { type LocalStore, openLocalStore } from '../../kernel/local-store';
import { MAX_WALK_ROWS } from '../../kernel/operations/bounded-walk';
import { callContext } from '../../kernel/test-support/call-context';
import { countingApiClient } from '../../test-support/counting-api-client';
import { sandboxApiClient } from '../../test-support/sandbox-api-client';
import { createOrderIndexHandlers, OrderIndex, type OrderIndexDeps } from './order-index';

const HUGE = 39_195_278;
const api = startSandboxForFile({ seed: 1, scale: 1 });
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh store, and an index on it with the given client and options. */
async function indexOn(
  client: OrderIndexDeps['client'],
  options: Partial<OrderIndexDeps> = {},
): Promise<{ index: OrderIndex; store: LocalStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-order-index-bound-'));
  dirs.push(dir);
  const store = await openLocalStore({ dir });
  const index = new OrderIndex({ client, localStore: async () => store, ...options });
  return { index, store };
}

const orderPages = (asked: readonly string[]) =>
  asked.filter((url) => new URL(url).pathname === '/api/orders/').length;

describe('the order index stopped by a person', () => {
  it('asks nothing after the stop, until a person reads again', async () => {
    const { client, asked } = countingApiClient(api.sandbox().url, TEST_KEY);
    let stopping: Promise<void> | undefined;
    const { index, store } = await indexOn(async () => client, {
      // 2 orders a page: the list waiting for a label is many pages.
      pageSize: 2,
      onProgress: (p: Progress) => {
        // The person presses Stop once the second page is in.
        if ((p.pages?.done ?? 0) >= 2 && !stopping) stopping = index.halt();
      },
    });
    const h = createOrderIndexHandlers(index);
    try {
      // The first scan waits for the first build; stopped, it answers what is kept: nothing.
      const found = await index.find('5200002968530');
      await stopping;
      expect(found.hits).toEqual([]);
      const atStop = orderPages(asked);
      const labels = await api.get<{ count: number }>('/api/orders/?stage=labels');
      // Two pages read and at most the four asked ahead, of the many the list has.
      expect(atStop).toBeLessThanOrEqual(6);
      expect(Math.ceil(labels.body.count / 2)).toBeGreaterThan(atStop + 10);

      const status = await h.orderIndexStatus({}, callContext());
      expect(status).toMatchObject({
        count: 0,
        refreshedAt: null,
        reading: null,
        paused: true,
        stopped: { why: 'stopped', message: 'The reading of the orders to pack was stopped.' },
      });
      // Lookups and the station's own refresh read nothing while it is stopped.
      expect((await index.find('5200002968530')).hits).toEqual([]);
      await index.refresh();
      expect(orderPages(asked)).toBe(atStop);

      // A person's Read again builds it whole.
      await h.orderIndexRefresh({}, callContext());
      expect(orderPages(asked)).toBeGreaterThan(atStop);
      const after = await h.orderIndexStatus({}, callContext());
      expect(after).toMatchObject({ stopped: null, paused: false, reading: null });
      expect(after.count).toBeGreaterThan(labels.body.count);
      expect((await index.find('5200002968530')).hits.map((hit) => hit.orderName)).toEqual([
        '#10968',
      ]);
    } finally {
      index.close();
      store.close();
    }
  });
});

describe('the order index past its bound', () => {
  it('stops after one page with the count and the bound, in words', async () => {
    let pages = 0;
    // The sandbox's own pages, each saying the list holds 39 million orders.
    const client = async () =>
      sandboxApiClient(api.sandbox().url, TEST_KEY, async (input, init) => {
        const answer = await fetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname !== '/api/orders/' || !answer.ok) return answer;
        pages += 1;
        const body = (await answer.json()) as { count: number };
        return new Response(JSON.stringify({ ...body, count: HUGE }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      });
    const { index, store } = await indexOn(client);
    try {
      expect((await index.find('ANY-CODE')).hits).toEqual([]);
      const status = await index.status();
      expect(status.stopped?.why).toBe('bound');
      expect(status.stopped?.message).toBe(
        `There are 39,195,278 orders to pack: more than the ${MAX_WALK_ROWS.toLocaleString('en-US')} the console reads in one go. A scan of a storefront or external order id is not found; order numbers still are.`,
      );
      expect(status.paused).toBe(true);
      expect(pages).toBe(1);
      // It does not try again by itself: the same count would be refused the same way.
      await index.find('OTHER-CODE');
      await index.refresh();
      expect(pages).toBe(1);
    } finally {
      index.close();
      store.close();
    }
  });

  it('holds the real list to a bound of 10 orders the same way', async () => {
    const { client, asked } = countingApiClient(api.sandbox().url, TEST_KEY);
    const { index, store } = await indexOn(async () => client, { pageSize: 5, maxRows: 10 });
    try {
      await index.find('5200002968530');
      const labels = await api.get<{ count: number }>('/api/orders/?stage=labels');
      const status = await index.status();
      expect(status.stopped?.message).toBe(
        `There are ${labels.body.count.toLocaleString('en-US')} orders to pack: more than the 10 the console reads in one go. A scan of a storefront or external order id is not found; order numbers still are.`,
      );
      expect(orderPages(asked)).toBe(1);
      expect(status.count).toBe(0);
    } finally {
      index.close();
      store.close();
    }
  });
});
