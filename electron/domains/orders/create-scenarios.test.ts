/**
 * The create scenarios of issue 31's fault campaign, reconstructed, each against the sandbox
 * over real HTTP behind a proxy that does to creates what the campaign did (holds them past
 * the timeout, resets the connection and forwards the create later, drops it, answers 5xx or
 * a broken body after the order was made). Each scenario is worked as a person would (send,
 * send again after any failure, double clicks, restarts) and ends with exactly one order
 * carrying the draft's reference at the sandbox, the one the console handed back.
 *
 * A restart here is the console's state as a kill leaves it: the handlers and their
 * in-memory state dropped, the connection's local store reopened from disk (the same files a
 * kill -9 leaves; create-kill.test.ts kills a real console process). Time for the 120 s window
 * runs on a ManualClock: the test moves it on, never waits for it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PendingCreateState } from '@shared/contract/create-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../kernel/api/api-client';
import { type LocalStore, openLocalStore, put } from '../../kernel/local-store';
import { callContext } from '../../kernel/test-support/call-context';
import type { CreateFault } from '../../kernel/test-support/holding-proxy';
import { ManualClock } from '../../kernel/test-support/manual-clock';
import { type ApiHandlers, createApiHandlers } from '../../main/create-api-handlers';
import { WINDOW_MS, withReference } from './order-create';
import { pendingCreates } from './pending-creates';
import { fastCreateClient } from './test-support/created-orders';
import { heldSandboxForFile } from './test-support/held-sandbox';

const KEY = 'pk_create_scenarios_0123456789';
const api = heldSandboxForFile({ key: KEY, seed: 3, resetAfterEach: true });
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'packbench-create-scenarios-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** One console: its handlers on the connection's local store, its clock. */
class Console {
  handlers!: ApiHandlers;
  private store!: LocalStore;
  /** Aborted at a restart: what was running in the killed console stops there. */
  private readonly life = new AbortController();

  private constructor(
    readonly dir: string,
    readonly clock: ManualClock,
  ) {}

  static async open(dir: string, clock = new ManualClock()): Promise<Console> {
    const console = new Console(dir, clock);
    await console.boot();
    return console;
  }

  private async boot(): Promise<void> {
    this.store = await openLocalStore({ dir: this.dir });
    const store = this.store;
    this.handlers = createApiHandlers({
      client: async () =>
        createApiClient({
          baseUrl: api.proxy.url,
          apiKey: KEY,
          // Short, so "held past the timeout" happens at once; it guards, it is not measured.
          ...fastCreateClient(),
        }),
      exportDir: root,
      localStore: async () => store,
      createResolution: { clock: this.clock },
    });
  }

  /** What a kill leaves: the files on disk. The clock goes on (the wall clock does). */
  async restart(): Promise<Console> {
    this.life.abort();
    await this.store.close();
    return Console.open(this.dir, this.clock);
  }

  get localStore(): LocalStore {
    return this.store;
  }

  create(order: Record<string, unknown>, reference: string) {
    return this.handlers.ordersCreate({ order, reference }, callContext(this.life.signal));
  }

  pending(reference: string): Promise<PendingCreateState> {
    return this.handlers.ordersCreatePending({ reference }, callContext(this.life.signal));
  }

  /** Runs `work` to its end, moving the clock on whenever it sleeps (a window passing). */
  async settle<T>(work: Promise<T>): Promise<{ value?: T; error?: unknown }> {
    let done = false;
    const result = work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    void result.then(() => (done = true));
    while (!done) {
      await Promise.race([result, this.clock.asleep()]);
      if (!done) this.clock.advance(10_000);
    }
    return result;
  }
}

let n = 0;
async function freshConsole(): Promise<Console> {
  n += 1;
  return Console.open(join(root, `console-${n}`));
}

const draftFor = (name: string) => ({
  recipient_name: name,
  address1: '31 Restart Row',
  city: 'Hull',
  postal_code: 'HU1 1AA',
  country: 'GB',
});

/** The ids of the orders at the sandbox carrying `reference`. */
const storedWith = api.storedWith;

/** Sends until an order comes back, as a person would: again after each failure. */
async function sendUntilCreated(
  c: Console,
  order: Record<string, unknown>,
  reference: string,
): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { value } = await c.settle(c.create(order, reference));
    if (value) return value.id;
  }
  throw new Error('no order after 5 sends');
}

function expectOneOrder(reference: string, returned: number): void {
  expect(storedWith(reference)).toEqual([returned]);
}

/** A fresh console, the proxy set to do `fault` to the next create, a new draft for `name`. */
async function consoleWithFault(fault: CreateFault, name: string) {
  const c = await freshConsole();
  api.proxy.plan.push(fault);
  return { c, reference: randomUUID(), order: draftFor(name) };
}

/** A fresh console whose create of a new draft for `name` the proxy holds by `fault`. */
async function heldCreate(fault: CreateFault, name: string) {
  const { c, reference, order } = await consoleWithFault(fault, name);
  const creating = c.create(order, reference);
  await api.proxy.whenHolding();
  return { c, reference, order, creating };
}

/** Once `c` sleeps, lets the held create through; every one of `sends` ends with the one order. */
async function releaseThenOneOrder(
  c: Console,
  reference: string,
  ...sends: Promise<{ id: number }>[]
): Promise<void> {
  await c.clock.asleep();
  await api.proxy.release();
  const settled = await Promise.all(sends.map((send) => c.settle(send)));
  const id = settled[0]?.value?.id;
  for (const { value } of settled) expect(value?.id).toBe(id);
  expectOneOrder(reference, id ?? -1);
}

/** The service answers lookups again and lets the held create through: one order, sent for. */
async function serviceBackThenOneOrder(
  c: Console,
  order: Record<string, unknown>,
  reference: string,
): Promise<void> {
  api.proxy.lookups = 'pass';
  await api.proxy.release();
  const id = await sendUntilCreated(c, order, reference);
  expectOneOrder(reference, id);
}

describe('one console, no restart', () => {
  it.each<[string, CreateFault[]]>([
    ['1. the create is answered', ['pass']],
    ['3. 5xx before the service made it', ['error-before']],
    ['4. the connection dropped before the service got it', ['drop']],
    ['7. 5xx after the service made it', ['error-after']],
    ['12. 429 on the create (not processed), then it goes through', ['throttle']],
    ['25. a 201 whose body broke off', ['garbled-after']],
    ['26. 5xx, then the resend is dropped too, then it goes through', ['error-before', 'drop']],
  ])('%s: one order', async (_name, plan) => {
    const c = await freshConsole();
    api.proxy.plan.splice(0, api.proxy.plan.length, ...plan);
    const reference = randomUUID();
    const id = await sendUntilCreated(c, draftFor(`Plain ${reference.slice(0, 6)}`), reference);
    expectOneOrder(reference, id);
    expect(await c.pending(reference)).toEqual({ state: 'none' });
  });

  it('2. a double submit makes one order, and both get it', async () => {
    const c = await freshConsole();
    const reference = randomUUID();
    const order = draftFor('Double Dora');
    const [a, b] = await Promise.all([c.create(order, reference), c.create(order, reference)]);
    expect(a.id).toBe(b.id);
    expectOneOrder(reference, a.id);
  });

  it('5. held past the timeout, made after the console gave up: found, not sent again', async () => {
    const { c, reference, creating } = await heldCreate('hold', 'Held Hal');
    // The console times out and looks: nothing yet. Then the service makes it.
    await releaseThenOneOrder(c, reference, creating);
    expect(api.proxy.forwarded).toBeGreaterThan(0);
  });

  it('6. connection reset at once, the order made 20 s later: found', async () => {
    const { c, reference, creating } = await heldCreate('reset-then-forward', 'Reset Rae');
    await c.clock.asleep();
    c.clock.advance(20_000);
    await releaseThenOneOrder(c, reference, creating);
  });

  it('8. sent again while the first is held: one create, one order', async () => {
    const { c, reference, order, creating: first } = await heldCreate('hold', 'Twice Tess');
    await releaseThenOneOrder(c, reference, first, c.create(order, reference));
  });

  it('9. cancelled while checking, sent again while it may still land: waits, finds it', async () => {
    const c = await freshConsole();
    api.proxy.plan.push('reset-then-forward');
    const reference = randomUUID();
    const order = draftFor('Cancel Cal');
    const abort = new AbortController();
    const first = c.handlers.ordersCreate({ order, reference }, callContext(abort.signal));
    await api.proxy.whenHolding();
    await c.clock.asleep();
    abort.abort();
    await expect(first).rejects.toMatchObject({ error: { code: 'cancelled' } });
    // The form says "checking"; a send now does not send, it keeps looking.
    expect(await c.pending(reference)).toMatchObject({ state: 'checking' });
    await releaseThenOneOrder(c, reference, c.create(order, reference));
  });

  it('10. the service cannot be asked for the whole window: unknown, then found once it answers', async () => {
    const { c, reference, order, creating } = await heldCreate('hold', 'Dark Dan');
    api.proxy.lookups = 'refuse';
    const { error } = await c.settle(creating);
    expect(error).toMatchObject({ error: { code: 'outcome_unknown' } });
    // Still unknown to a resend while the service stays dark: nothing is sent.
    const before = api.proxy.forwarded;
    const { error: again } = await c.settle(c.create(order, reference));
    expect(again).toMatchObject({ error: { code: 'outcome_unknown' } });
    expect(api.proxy.forwarded).toBe(before);
    await serviceBackThenOneOrder(c, order, reference);
  });

  it('11. dropped for good: "not created" only after the window, then one order', async () => {
    const { c, reference, order } = await consoleWithFault('drop', 'Gone Gus');
    const sentAt = c.clock.now();
    const { error } = await c.settle(c.create(order, reference));
    expect(error).toMatchObject({ error: { code: 'network' } });
    expect(c.clock.now() - sentAt).toBeGreaterThanOrEqual(WINDOW_MS);
    const id = await sendUntilCreated(c, order, reference);
    expectOneOrder(reference, id);
  });
});

describe('restarts', () => {
  /** A console killed while its create is held at the proxy; the restarted one. */
  async function killedWhileHeld(fault: CreateFault, name: string) {
    const before = await freshConsole();
    api.proxy.plan.push(fault);
    const reference = randomUUID();
    const order = draftFor(name);
    void before.create(order, reference).catch(() => undefined);
    await api.proxy.whenHolding();
    // The record was on disk before the request left.
    expect(before.localStore.get(pendingCreates, reference)?.reference).toBe(reference);
    const after = await before.restart();
    return { after, reference, order };
  }

  it('13. killed during a held create: the form checks, the order lands, it is shown; nothing resent', async () => {
    const { after, reference } = await killedWhileHeld('hold', 'Kill Kim');
    const checking = await after.pending(reference);
    expect(checking).toMatchObject({ state: 'checking' });
    if (checking.state === 'checking') {
      expect(Date.parse(checking.checkUntil) - Date.parse(checking.sentAt)).toBe(WINDOW_MS);
    }
    await api.proxy.release();
    const created = await after.pending(reference);
    expect(created.state).toBe('created');
    expectOneOrder(reference, created.state === 'created' ? created.order.id : -1);
  });

  it('14. killed during a create held 35 s, restart, resend: the resend waits and finds it', async () => {
    const { after, reference, order } = await killedWhileHeld('hold', 'Kill Kai');
    const resend = after.create(order, reference);
    await after.clock.asleep();
    after.clock.advance(35_000 - 10_000);
    await releaseThenOneOrder(after, reference, resend);
  });

  it('15. killed, the create dropped for good: checking until the window passes, then one order', async () => {
    const { after, reference, order } = await killedWhileHeld('hold', 'Kill Kit');
    api.proxy.plan.length = 0;
    // The held create never reaches the sandbox.
    api.proxy.reset();
    expect(await after.pending(reference)).toMatchObject({ state: 'checking' });
    after.clock.advance(WINDOW_MS);
    expect(await after.pending(reference)).toMatchObject({ state: 'not_created' });
    const id = await sendUntilCreated(after, order, reference);
    expectOneOrder(reference, id);
  });

  it('16. connection reset at once, restart, the order made 20 s later, resend: one order', async () => {
    const { after, reference, order } = await killedWhileHeld('reset-then-forward', 'Kill Kora');
    const resend = after.create(order, reference);
    await after.clock.asleep();
    after.clock.advance(20_000);
    await releaseThenOneOrder(after, reference, resend);
  });

  it('17. killed after the order was made, before its answer: found at once', async () => {
    const { after, reference, order } = await killedWhileHeld('hold', 'Kill Kurt');
    await api.proxy.release();
    const { value } = await after.settle(after.create(order, reference));
    expectOneOrder(reference, value?.id ?? -1);
  });

  it('18. killed after the answer, before the record was cleared: found, not sent', async () => {
    const c = await freshConsole();
    const reference = randomUUID();
    const order = draftFor('Kill Kay');
    const made = await c.create(order, reference);
    // As a kill between the answer and the clearing leaves it.
    await c.localStore.commit([
      put(pendingCreates, {
        reference,
        sentAt: new Date(c.clock.now()).toISOString(),
        order: withReference(order, reference) as Record<string, unknown>,
      }),
    ]);
    const after = await c.restart();
    const before = api.proxy.forwarded;
    const { value } = await after.settle(after.create(order, reference));
    expect(value?.id).toBe(made.id);
    expect(api.proxy.forwarded).toBe(before);
    expectOneOrder(reference, made.id);
  });

  it('19. killed before anything was sent: a plain send, one order', async () => {
    const c = await freshConsole();
    const after = await c.restart();
    const reference = randomUUID();
    expect(await after.pending(reference)).toEqual({ state: 'none' });
    const id = await sendUntilCreated(after, draftFor('Kill Kip'), reference);
    expectOneOrder(reference, id);
  });

  it('20. restarted twice while checking: still one order', async () => {
    const { after, reference, order } = await killedWhileHeld('hold', 'Kill Kev');
    void after.create(order, reference).catch(() => undefined);
    await after.clock.asleep();
    const third = await after.restart();
    expect(await third.pending(reference)).toMatchObject({ state: 'checking' });
    await api.proxy.release();
    const { value } = await third.settle(third.create(order, reference));
    expectOneOrder(reference, value?.id ?? -1);
  });

  it('21. restart, the recipient edited, resend: the sent order is found by what was sent', async () => {
    const { after, reference, order } = await killedWhileHeld('hold', 'Kill Kim Old');
    await api.proxy.release();
    const edited = { ...order, recipient_name: 'Kill Kim New' };
    const { value } = await after.settle(after.create(edited, reference));
    expect(value?.recipient_name).toBe('Kill Kim Old');
    expectOneOrder(reference, value?.id ?? -1);
  });

  it('22. restart, then a double submit while checking: one order', async () => {
    const { after, reference, order } = await killedWhileHeld('reset-then-forward', 'Kill Kaz');
    const a = after.create(order, reference);
    const b = after.create(order, reference);
    await releaseThenOneOrder(after, reference, a, b);
  });

  it('23. restart with the service dark past the window: still checking (never "not created"), then found', async () => {
    const { after, reference, order } = await killedWhileHeld(
      'reset-then-forward',
      'Kill Kai Dark',
    );
    api.proxy.lookups = 'refuse';
    after.clock.advance(WINDOW_MS * 2);
    const dark = await after.pending(reference);
    expect(dark).toMatchObject({ state: 'checking', problem: expect.any(String) });
    const { error } = await after.settle(after.create(order, reference));
    expect(error).toMatchObject({ error: { code: 'outcome_unknown' } });
    await serviceBackThenOneOrder(after, order, reference);
  });

  it('24. restart after "not created" was said: a plain send, one order', async () => {
    const { c, reference, order } = await consoleWithFault('drop', 'Kill Kol');
    const { error } = await c.settle(c.create(order, reference));
    expect(error).toMatchObject({ error: { code: 'network' } });
    const after = await c.restart();
    expect(await after.pending(reference)).toEqual({ state: 'none' });
    const id = await sendUntilCreated(after, order, reference);
    expectOneOrder(reference, id);
  });

  it('27. 5xx after the order was made, then a restart before the lookup: found', async () => {
    const { c, reference, order } = await consoleWithFault('error-after', 'Kill Kris');
    api.proxy.darkAfterCreate = true;
    void c.create(order, reference).catch(() => undefined);
    await c.clock.asleep();
    const after = await c.restart();
    api.proxy.reset();
    const found = await after.pending(reference);
    expect(found.state).toBe('created');
    const { value } = await after.settle(after.create(order, reference));
    expect(value?.id).toBe(found.state === 'created' ? found.order.id : -2);
    expectOneOrder(reference, value?.id ?? -1);
  });

  it('28. dropped, killed while checking, restart, resend: waits out the window, one order', async () => {
    const { c, reference, order } = await consoleWithFault('drop', 'Kill Kat');
    void c.create(order, reference).catch(() => undefined);
    await c.clock.asleep();
    const after = await c.restart();
    const sentAt = after.clock.now();
    const { value } = await after.settle(after.create(order, reference));
    expect(after.clock.now() - sentAt).toBeGreaterThan(WINDOW_MS - 10_000);
    expectOneOrder(reference, value?.id ?? -1);
  });
});
