/**
 * Every walk of many pages is bounded and visible (issue 32), against a stranger's server in
 * front of the sandbox (stranger-server.ts: location ids of 0 and below, 5 stock rows a page,
 * and, where a test says so, a count of 39,195,278):
 *
 * - a huge count: the exceptions walk, the sort, the reorder list and the stock export each
 *   stop after the first page with a sentence giving the count and the bound (before: about
 *   7.8 million requests in the background);
 * - a count under the row bound that would still take more requests than the page bound:
 *   refused after one page, with a sentence that says why;
 * - a list within both: read whole, progress after every page with the pages read of the
 *   pages there are, and the locations with ids of 0 and below counted like any other;
 * - a cancel stops the walk between pages: at most the pages already asked for ahead go out.
 */

import type { Progress } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import { quickHandlers } from '../../test-support/quick-handlers';
import { isBridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';
import { type StrangerServer, startStrangerServer } from '../test-support/stranger-server';
import { MAX_WALK_PAGES, MAX_WALK_ROWS } from './bounded-walk';

const KEY = 'pk_bounded_walk_0123456789';
const HUGE = 39_195_278;
let sandbox: RunningSandbox;
const strangers: StrangerServer[] = [];

async function stranger(inventoryCount?: number) {
  const s = await startStrangerServer({
    upstream: sandbox.url,
    pageSize: 5,
    ...(inventoryCount === undefined ? {} : { inventoryCount }),
  });
  strangers.push(s);
  return s;
}

function watched(signal = new AbortController().signal) {
  const seen: Omit<Progress, 'operationId'>[] = [];
  const ctx: CallContext = { signal, operationId: 'op_test', progress: (p) => seen.push(p) };
  return { ctx, seen };
}

async function failureOf(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isBridgeFailure(error)).toBe(true);
  return (error as Error).message;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0 });
});
afterAll(async () => {
  await Promise.all(strangers.map((s) => s.close()));
  await sandbox.close();
});

describe('a walk of many pages', () => {
  it('stops after one page of a 39 million row list, with the count and the bound', async () => {
    const s = await stranger(HUGE);
    const h = quickHandlers(s.url, KEY);
    const said = `There are 39,195,278 stock rows: more than the ${MAX_WALK_ROWS.toLocaleString('en-US')} the console reads in one go.`;
    const walks: [string, () => Promise<unknown>][] = [
      ['exceptions', () => h.inventoryExceptions({}, watched().ctx)],
      [
        'sort',
        () => h.inventorySortedPage({ sort: { column: 'available', desc: false } }, watched().ctx),
      ],
      ['reorder', () => h.inventoryReorder({}, watched().ctx)],
      ['export', () => h.inventoryExport({}, watched().ctx)],
    ];
    for (const [name, walk] of walks) {
      const before = s.requests.get('/api/inventory/') ?? 0;
      const message = await failureOf(walk());
      expect(message, name).toContain(said);
      expect((s.requests.get('/api/inventory/') ?? 0) - before, name).toBe(1);
    }
  });

  it('refuses a list that would take more requests than the bound, after one page', async () => {
    const rows = MAX_WALK_PAGES * 5 + 5;
    const s = await stranger(rows);
    const message = await failureOf(
      quickHandlers(s.url, KEY).inventoryExceptions({}, watched().ctx),
    );
    expect(message).toContain(
      `The service sends 5 stock rows a page: reading all ${rows.toLocaleString('en-US')} would take ${(rows / 5).toLocaleString('en-US')} requests, more than the ${MAX_WALK_PAGES.toLocaleString('en-US')} the console makes for one list.`,
    );
    expect(s.requests.get('/api/inventory/')).toBe(1);
  });

  it('reads a list within the bounds whole, page by page, ids of 0 and below included', async () => {
    const s = await stranger();
    const { ctx, seen } = watched();
    const found = await quickHandlers(s.url, KEY).inventoryExceptions({}, ctx);
    const pages = s.requests.get('/api/inventory/') ?? 0;
    expect(found.scanned).toBeGreaterThan(5 * 20);
    expect(pages).toBe(Math.ceil(found.scanned / 5));
    const walk = seen.filter((p) => p.phase === 'Reading every stock row');
    // Before the first page: nothing known; after it, pages read of the pages there are.
    expect(walk[0]).toMatchObject({ done: 0, total: null, pages: { done: 0, total: null } });
    expect(walk.slice(1).map((p) => p.pages?.done)).toEqual(
      Array.from({ length: pages }, (_, i) => i + 1),
    );
    expect(walk.slice(1).every((p) => p.pages?.total === pages)).toBe(true);
    expect(walk.at(-1)).toMatchObject({ done: found.scanned, total: found.scanned });
    const locations = new Set(found.rows.map((r) => r.location?.id ?? Number.NaN));
    expect([...locations].every((id) => id <= 0)).toBe(true);
    expect(locations.has(0)).toBe(true);
  });

  it('stops between pages when cancelled, and asks nothing after', async () => {
    const s = await stranger();
    const abort = new AbortController();
    const { ctx } = watched(abort.signal);
    const progress = ctx.progress;
    ctx.progress = (p) => {
      progress(p);
      if ((p.pages?.done ?? 0) >= 3) abort.abort();
    };
    const error = await quickHandlers(s.url, KEY)
      .inventoryExceptions({}, ctx)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeTruthy();
    const asked = s.requests.get('/api/inventory/') ?? 0;
    // Pages asked for ahead (at most 4) may have gone out; none after them.
    expect(asked).toBeLessThanOrEqual(3 + 4);
  });
});
