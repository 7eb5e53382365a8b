/**
 * Orders created once, against the sandbox over real HTTP and its fault injection: the draft's
 * reference rides in the order's note attributes; an answer lost after the order was stored
 * (held back past the timeout, or the connection dropped) is resolved by finding the order,
 * never by sending again; a create that never got through is a definite "not created"; double
 * submits share one create. Then 200 drafts under mixed faults: 0 duplicates, 0 lost.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../../sandbox/data/dataset';
import type { Dataset } from '../../../sandbox/data/types';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import { createApiClient } from '../../kernel/api/api-client';
import { AccountLimiter } from '../../kernel/api/limiter';
import { callContext } from '../../kernel/test-support/call-context';
import { ManualClock } from '../../kernel/test-support/manual-clock';
import { type ApiHandlers, createApiHandlers } from '../../main/create-api-handlers';
import { runCreateStress } from '../../test-support/create-stress';
import { REFERENCE_ATTRIBUTE, WINDOW_MS, withReference } from './order-create';
import { fastCreateClient, storedOrderIds } from './test-support/created-orders';

const KEY = 'pk_order_create_0123456789';
let sandbox: RunningSandbox;
let dataset: Dataset;
let h: ApiHandlers;
const sent: string[] = [];

const ctx = callContext;
const draft = (name: string) => ({
  recipient_name: name,
  address1: '1 Main St',
  city: 'York',
  postal_code: 'YO1 7HH',
  country: 'GB',
  note_attributes: [{ name: 'gift', value: 'yes' }],
});
/** The ids of the orders at the sandbox carrying this reference. */
const storedWith = (reference: string) => storedOrderIds(dataset, reference);
const creates = () => sent.filter((s) => s === 'POST /api/orders/').length;

beforeAll(async () => {
  dataset = buildDataset({ seed: 1, scale: 0.02, now: new Date() });
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, dataset });
  h = createApiHandlers({
    client: async () =>
      createApiClient({
        baseUrl: sandbox.url,
        apiKey: KEY,
        ...fastCreateClient(),
        fetch: (input, init) => {
          const request = input instanceof Request ? input : new Request(input, init);
          sent.push(`${request.method} ${new URL(request.url).pathname}`);
          return fetch(input, init);
        },
      }),
    exportDir: '/tmp',
    createResolution: { windowMs: 2000, firstDelayMs: 50, maxDelayMs: 300 },
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the reference', () => {
  it('is added to the note attributes, replacing an old one, keeping the rest', () => {
    const body = withReference(
      {
        note_attributes: [
          { name: REFERENCE_ATTRIBUTE, value: 'x' },
          { name: 'a', value: 1 },
        ],
      },
      'r1',
    );
    expect(body.note_attributes).toEqual([
      { name: 'a', value: 1 },
      { name: REFERENCE_ATTRIBUTE, value: 'r1' },
    ]);
    expect(() => withReference({ note_attributes: 'nope' }, 'r1')).toThrow(/list/);
  });

  it('is stored with the order, and a resubmit returns the same order without a create', async () => {
    sandbox.faults.clear();
    const reference = randomUUID();
    const first = await h.ordersCreate({ order: draft('Rita Ref'), reference }, ctx());
    expect(first.note_attributes).toContainEqual({ name: 'gift', value: 'yes' });
    const before = creates();
    const again = await h.ordersCreate({ order: draft('Rita Ref'), reference }, ctx());
    expect(again.id).toBe(first.id);
    expect(creates()).toBe(before);
    expect(storedWith(reference)).toEqual([first.id]);
  });
});

describe('a create whose answer is lost after the order was stored', () => {
  it.each([
    ['held back past the timeout', { late: 1, lateMs: 1500 }],
    // Seed 5: the first decision is a drop after processing.
    ['dropped after processing', { drop: 1, seed: 5 }],
  ])('%s: the order is found, not sent again', async (_what, faults) => {
    const name = `Lou Lost ${randomUUID().slice(0, 8)}`;
    const stored = () => dataset.orders.rows.filter((r) => r.search.includes(name.toLowerCase()));
    // A new draft (no reference yet: nothing to look for first), so the create is the first
    // request to meet the fault; the lookups after it pass once it is stored.
    sandbox.faults.set(faults);
    const before = creates();
    const pending = h.ordersCreate({ order: draft(name) }, ctx()).then(
      (order) => ({ order }),
      (error: unknown) => ({ error }),
    );
    await expect.poll(() => stored().length).toBe(1);
    sandbox.faults.clear();
    const outcome = await pending;
    if ('error' in outcome)
      throw new Error(`expected the order back, got ${String(outcome.error)}`);
    expect(stored().map((r) => r.id)).toEqual([outcome.order.id]);
    expect(creates() - before).toBe(1);
  });
});

describe('a create that cannot be checked or never got through', () => {
  it('sends nothing while a resubmitted draft cannot be looked for, then creates it once', async () => {
    const reference = randomUUID();
    const order = draft(`Nat Never ${reference.slice(0, 6)}`);
    sandbox.faults.set({ error5xx: 1 });
    const before = creates();
    await expect(h.ordersCreate({ order, reference }, ctx())).rejects.toMatchObject({
      error: { code: 'server_error' },
    });
    expect(creates()).toBe(before);
    sandbox.faults.clear();
    expect(storedWith(reference)).toEqual([]);
    const created = await h.ordersCreate({ order, reference }, ctx());
    expect(storedWith(reference)).toEqual([created.id]);
  });

  it('says "not created" when the lookups answer and find nothing', async () => {
    const reference = randomUUID();
    // Every create refused with a 5xx before processing; every list answered.
    sandbox.faults.clear();
    const order = draft(`Ned Nothing ${reference.slice(0, 6)}`);
    const api = createApiClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000 }),
      fetch: (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.method === 'POST') {
          return Promise.resolve(
            new Response('{"detail":"Down.","code":"server_error"}', {
              status: 503,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
        }
        return fetch(input, init);
      },
    });
    // The window runs on a clock moved by hand, each time the lookups rest.
    const clock = new ManualClock();
    const handlers = createApiHandlers({
      client: async () => api,
      exportDir: '/tmp',
      createResolution: { clock },
    });
    const sentAt = clock.now();
    let settled = false;
    const creating = handlers.ordersCreate({ order, reference }, ctx());
    void creating.catch(() => undefined).finally(() => (settled = true));
    while (!settled) {
      await Promise.race([creating.catch(() => undefined), clock.asleep()]);
      if (!settled) clock.advance(5_000);
    }
    // "Not created" only once the whole window after the send has passed.
    expect(clock.now() - sentAt).toBeGreaterThanOrEqual(WINDOW_MS);
    await expect(creating).rejects.toMatchObject({
      error: {
        code: 'server_error',
        status: 503,
        message: expect.stringMatching(
          /^The order was not created \(the service had a problem, HTTP 503\)/,
        ),
      },
    });
    expect(storedWith(reference)).toEqual([]);
  });
});

describe('double submits', () => {
  it('two submits of one draft at once make one order, and both get it', async () => {
    sandbox.faults.set({ late: 1, lateMs: 200 });
    const reference = randomUUID();
    const order = draft(`Dee Double ${reference.slice(0, 6)}`);
    const before = creates();
    const [a, b] = await Promise.all([
      h.ordersCreate({ order, reference }, ctx()),
      h.ordersCreate({ order, reference }, ctx()),
    ]);
    sandbox.faults.clear();
    expect(a.id).toBe(b.id);
    expect(creates() - before).toBe(1);
    expect(storedWith(reference)).toHaveLength(1);
  });
});

describe('200 drafts under drops, 5xx, late answers and double submits', () => {
  it('0 duplicates, 0 lost creates', async () => {
    const result = await runCreateStress({ tries: 200, parallel: 8 });
    expect(result.unexpected).toEqual([]);
    expect({ duplicates: result.duplicates, lost: result.lost }).toEqual({
      duplicates: 0,
      lost: 0,
    });
    // The faults really met the creates: many drafts needed resolving or sending again.
    expect(result.troubled).toBeGreaterThan(20);
  }, 600_000);
});
