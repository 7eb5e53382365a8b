/**
 * The order index's reading, visible and bounded (issue 32), on a clock the test moves and a
 * stub API whose pages answer when the test says (the real-HTTP side is
 * order-index-bound.test.ts): the list being read, pages of pages, the orders read over both
 * lists and the time left at the rate so far; a stop ends it with no page asked after; a list
 * that would take more requests than the bound is refused with a sentence and not tried again
 * until a person asks; the station's own refreshes end once nobody has looked anything up
 * for a while.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Progress } from '@shared/contract/values';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../kernel/api/api-client';
import { BridgeFailure } from '../../kernel/failure';
import { type LocalStore, openLocalStore } from '../../kernel/local-store';
import { OrderIndex, type OrderIndexDeps } from './order-index';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Asked {
  stage: string;
  page: number;
  answer(): void;
}

/**
 * A stub of the API's order list: `counts` orders per stage, `size` a page. Each page waits
 * for the test's answer() unless `instant`; an aborted page rejects as the client does.
 */
function stubApi(counts: Record<string, number>, size: number, instant = false) {
  const asked: Asked[] = [];
  const client = {
    page: (
      _op: string,
      params: { query: Record<string, unknown> },
      options: { signal: AbortSignal },
    ) =>
      new Promise((resolve, reject) => {
        const stage = String(params.query.stage);
        const page = Number(params.query.page ?? 1);
        const count = counts[stage] ?? 0;
        const first = (page - 1) * size;
        const results = Array.from(
          { length: Math.max(0, Math.min(size, count - first)) },
          (_, i) => ({
            id: (stage === 'labels' ? 1_000 : 5_000) + first + i,
            order_name: `#${first + i}`,
            external_id: `EXT-${stage}-${first + i}`,
          }),
        );
        const answer = () =>
          resolve({ count, next: first + size < count ? `page=${page + 1}` : null, results });
        options.signal.addEventListener('abort', () =>
          reject(new BridgeFailure('cancelled', 'Cancelled.')),
        );
        asked.push({ stage, page, answer });
        if (instant) answer();
      }),
  } as unknown as ApiClient;
  return { client, asked };
}

/** The index on a fresh store, with its progress events recorded. */
async function indexWith(client: ApiClient, options: Partial<OrderIndexDeps>) {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-order-index-progress-'));
  dirs.push(dir);
  const store: LocalStore = await openLocalStore({ dir });
  const events: Progress[] = [];
  const waiters: { check(p: Progress): boolean; resolve(): void }[] = [];
  const index = new OrderIndex({
    client: async () => client,
    localStore: async () => store,
    onProgress: (p) => {
      events.push(p);
      for (const w of [...waiters]) {
        if (w.check(p)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    },
    ...options,
  });
  /** Resolves at the next progress event that passes `check`. */
  const next = (check: (p: Progress) => boolean) =>
    new Promise<void>((resolve) => waiters.push({ check, resolve }));
  return { index, store, events, next };
}

const pageOf = (asked: Asked[], stage: string, page: number) => {
  const found = asked.find((a) => a.stage === stage && a.page === page);
  if (!found) throw new Error(`page ${page} of ${stage} was not asked`);
  return found;
};

describe('the order index reading', () => {
  it('says the list, pages of pages, orders read and the time left; a stop asks nothing more', async () => {
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const { client, asked } = stubApi({ labels: 50, open: 20 }, 10);
    const { index, store, next } = await indexWith(client, { now: () => new Date(clock) });
    const lookup = index.find('EXT-open-3');
    const firstPage = next((p) => p.pages?.done === 1);
    await vi.waitUntil(() => asked.length === 1);
    clock += 2_000;
    pageOf(asked, 'labels', 1).answer();
    await firstPage;
    expect((await index.status()).reading).toEqual({
      phase: 'Reading the orders waiting for a label',
      list: 1,
      lists: 2,
      pages: 1,
      pagesTotal: 5,
      rows: 10,
      rowsTotal: 50,
      startedAt: '2026-11-28T09:00:00.000Z',
      // 1 page in 2 s, 4 pages left.
      secondsLeft: 8,
      byPerson: false,
    });
    const secondPage = next((p) => p.pages?.done === 2);
    clock += 2_000;
    pageOf(asked, 'labels', 2).answer();
    await secondPage;
    // 2 pages in 4 s, 3 left.
    expect((await index.status()).reading).toMatchObject({ pages: 2, rows: 20, secondsLeft: 6 });

    const before = asked.length;
    await index.halt();
    expect((await lookup).hits).toEqual([]);
    const status = await index.status();
    expect(status).toMatchObject({ reading: null, paused: true, count: 0 });
    expect(status.stopped).toEqual({
      why: 'stopped',
      message: 'The reading of the orders to pack was stopped.',
      at: '2026-11-28T09:00:04.000Z',
    });
    // Pages asked ahead before the stop were dropped; nothing was asked after it.
    await index.find('EXT-open-3');
    await index.refresh();
    expect(asked.length).toBe(before);
    index.close();
    store.close();
  });

  it('counts the orders over both lists, and ends with the index whole', async () => {
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const { client, asked } = stubApi({ labels: 20, open: 20 }, 10);
    const { index, store, events, next } = await indexWith(client, {
      now: () => new Date(clock),
    });
    const refresh = index.refresh(true);
    for (const [stage, page] of [
      ['labels', 1],
      ['labels', 2],
    ] as const) {
      await vi.waitUntil(() => asked.some((a) => a.stage === stage && a.page === page));
      clock += 1_000;
      pageOf(asked, stage, page).answer();
    }
    const openFirst = next((p) => p.phase === 'Reading the open orders' && p.pages?.done === 1);
    await vi.waitUntil(() => asked.some((a) => a.stage === 'open'));
    clock += 3_000;
    pageOf(asked, 'open', 1).answer();
    await openFirst;
    expect((await index.status()).reading).toMatchObject({
      phase: 'Reading the open orders',
      list: 2,
      pages: 1,
      pagesTotal: 2,
      rows: 30,
      rowsTotal: 40,
      secondsLeft: 3,
      byPerson: true,
    });
    await vi.waitUntil(() => asked.some((a) => a.stage === 'open' && a.page === 2));
    pageOf(asked, 'open', 2).answer();
    await refresh;
    expect(await index.status()).toMatchObject({ count: 40, reading: null, stopped: null });
    expect(events.at(-1)).toEqual({
      operationId: 'order-index',
      phase: 'Read',
      done: 0,
      total: null,
    });
    expect((await index.find('ext-open-13')).hits.map((h) => h.orderId)).toEqual([5_013]);
    index.close();
    store.close();
  });

  it('refuses a list past its bound with a sentence, until a person reads again', async () => {
    const { client, asked } = stubApi({ labels: 50, open: 0 }, 10, true);
    const { index, store } = await indexWith(client, { maxPages: 3 });
    expect((await index.find('EXT-labels-1')).hits).toEqual([]);
    const status = await index.status();
    expect(status.stopped?.why).toBe('bound');
    expect(status.stopped?.message).toBe(
      'The service sends 10 orders to pack a page: reading all 50 would take 5 requests, more than the 3 the console makes for one list. A scan of a storefront or external order id is not found; order numbers still are.',
    );
    expect(status.paused).toBe(true);
    expect(asked.length).toBe(1);
    await index.find('EXT-labels-1');
    expect(asked.length).toBe(1);
    // A person asks: it reads again (and is refused again, with the same sentence).
    await expect(index.refresh(true)).rejects.toThrow('more than the 3 the console makes');
    expect(asked.length).toBe(2);
    index.close();
    store.close();
  });
});

describe('the station keeping its index fresh', () => {
  it('refreshes while the station looks things up, and stops once it has not for a while', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T09:00:00Z') });
    const { client, asked } = stubApi({ labels: 3, open: 2 }, 10, true);
    const { index, store, next } = await indexWith(client, {
      minInterval: 3 * 60_000,
      idleAfter: 10 * 60_000,
    });
    await index.find('EXT-open-1');
    expect(asked.length).toBe(2);
    // Every 3 minutes a refresh of both lists, while the last lookup is under 10 minutes old.
    for (const minutes of [3, 6, 9]) {
      const read = next((p) => p.phase === 'Read');
      await vi.advanceTimersByTimeAsync(3 * 60_000);
      await read;
      expect(asked.length, `at ${minutes} min`).toBe(2 + (minutes / 3) * 2);
    }
    // No lookup for 10 minutes: the timer ends; an hour on, nothing more was read.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(asked.length).toBe(8);
    // The next lookup (a stale index) reads again at once and starts the timer again.
    const read = next((p) => p.phase === 'Read');
    await index.find('EXT-open-1');
    await read;
    expect(asked.length).toBe(10);
    expect(vi.getTimerCount()).toBe(1);
    index.close();
    store.close();
  });
});
