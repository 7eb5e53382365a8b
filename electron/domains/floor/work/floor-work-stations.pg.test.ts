/**
 * Three station processes on one floor database (scripts/with-postgres.sh) and one sandbox
 * behind a proxy that holds creates past the transport's timeout. Each is a whole process
 * (test-support/work-station-child.ts) that the test kills with SIGKILL and starts again on
 * its folder, as a warehouse's power cut or a crash would. What is checked is what people on
 * the floor check: a review mark is pushed to the other benches; a batch cut off at one
 * station is printed to its end by exactly one other, never twice; a draft sent again after a
 * kill, and from a third station meanwhile, makes one order. Nothing waits on a clock: each
 * step waits for a line, a pushed change, or the proxy's events.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type BundledChild, bundleChild } from '../../../test-support/bundled-child';
import { heldSandboxForFile } from '../../orders/test-support/held-sandbox';
import type { WorkChange } from './floor-db-port';
import { workDatabaseForFile } from './test-support/work-database';

const KEY = 'pk_floor_stations_0123456789';
const floor = workDatabaseForFile();
const api = heldSandboxForFile({ key: KEY, seed: 11, run: floor.run });
let root: string;
const children = new Set<ChildProcess>();
// Six station starts: the station bundled once instead of compiled by tsx at each start.
let stationScript: BundledChild | undefined;
/** The step the test is at, and each station's stderr: what a failure or a hang reports. */
let step = 'starting the stations';
const stderrs = new Map<string, () => string>();

beforeAll(async () => {
  if (!floor.run) return;
  root = await mkdtemp(join(tmpdir(), 'packbench-floor-work-'));
  stationScript = await bundleChild(
    join(import.meta.dirname, 'test-support', 'work-station-child.ts'),
  );
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
  await stationScript?.dispose();
});

type Answer = { ok: true; value: unknown } | { ok: false; error: string };

async function startStation(station: string) {
  const setup = {
    station,
    pg: floor.db.config,
    baseUrl: api.proxy.url,
    key: KEY,
    dir: join(root, station),
  };
  if (!stationScript) throw new Error('the station script was not bundled');
  const child = spawn(process.execPath, [stationScript.file, JSON.stringify(setup)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  stderrs.set(`${station} (pid ${child.pid})`, () => stderr);
  const waiting = new Map<number, (answer: Answer) => void>();
  const events: WorkChange[] = [];
  const eventWatchers = new Set<() => void>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const exited = once(child, 'exit');
  void exited.then(() => ready());
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'READY') ready();
    if (!line.startsWith('{')) return;
    const message = JSON.parse(line) as { id?: number; answer?: Answer; event?: WorkChange };
    if (message.event) {
      events.push(message.event);
      for (const watch of [...eventWatchers]) watch();
    } else if (message.id !== undefined && message.answer) {
      waiting.get(message.id)?.(message.answer);
    }
  });
  await isReady;
  if (child.exitCode !== null) throw new Error(`the station did not start: ${stderr}`);
  let next = 0;
  return {
    call(method: string, args: Record<string, unknown> = {}): Promise<Answer> {
      const id = ++next;
      const answer = new Promise<Answer>((resolve) => waiting.set(id, resolve));
      child.stdin?.write(`${JSON.stringify({ id, method, args })}\n`);
      return answer;
    },
    /** Resolves once a change of `topic` and `key` has been pushed to this station. */
    async pushed(topic: WorkChange['topic'], key: string): Promise<void> {
      while (!events.some((e) => e.topic === topic && e.key === key)) {
        await new Promise<void>((resolve) => {
          const watch = () => {
            eventWatchers.delete(watch);
            resolve();
          };
          eventWatchers.add(watch);
        });
      }
    },
    async kill(): Promise<void> {
      child.kill('SIGKILL');
      const [, signal] = (await exited) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
      children.delete(child);
    },
  };
}

const orders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 5000 + i, name: `#${5000 + i}` }));

describe.skipIf(!floor.run)('three station processes on one floor', () => {
  it('marks, a batch cut off by kill -9, and a create killed mid-send', {
    timeout: 120_000,
  }, async () => {
    // A hang seen once under a loaded CI ended in a bare timeout: say where it stood.
    onTestFailed(() => {
      const logs = [...stderrs].map(([name, log]) => `--- ${name} stderr:\n${log().slice(-4000)}`);
      console.error(`three stations: failed at the step "${step}"\n${logs.join('\n')}`);
    });
    let one = await startStation('Station 1');
    let two = await startStation('Station 2');
    const three = await startStation('Station 3');

    // A review mark made at one bench is pushed to the other two and listed there.
    step = 'a review mark pushed to the other stations';
    expect(
      await one.call('markSet', { returnId: 77, reviewedBy: 'Ana', note: 'Seal broken' }),
    ).toEqual({ ok: true, value: true });
    await Promise.all([two.pushed('reviews', '77'), three.pushed('reviews', '77')]);
    const listed = await three.call('marks', { ids: [77] });
    expect(listed).toMatchObject({
      ok: true,
      value: {
        marks: [{ returnId: 77, reviewedBy: 'Ana', note: 'Seal broken', station: 'Station 1' }],
      },
    });

    // A batch begun at station 1 and cut off by kill -9 after 4 of 10 orders.
    step = 'a batch cut off by kill -9';
    expect(await one.call('batchBegin', { id: 'night-labels', orders: orders(10) })).toMatchObject({
      ok: true,
    });
    await one.call('batchRecord', { id: 'night-labels', ids: orders(4).map((o) => o.id) });
    await one.kill();
    const open = await two.call('batchOpen');
    expect(open).toMatchObject({
      ok: true,
      value: [{ id: 'night-labels', reached: 4, total: 10, live: false }],
    });
    // Stations 2 and 3 press "Print the rest" together: one prints the 6 left, the other is told.
    step = 'two stations take the batch at once';
    const [a, b] = await Promise.all([
      two.call('batchTake', { id: 'night-labels' }),
      three.call('batchTake', { id: 'night-labels' }),
    ]);
    const winners = [a, b].filter((x) => x.ok);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toEqual({
      ok: true,
      value: orders(10)
        .slice(4)
        .map((o) => o.id),
    });
    expect([a, b].find((x) => !x.ok)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/is printing this batch now/),
    });
    const printer = a.ok ? two : three;
    await printer.call('batchRecord', {
      id: 'night-labels',
      ids: orders(10)
        .slice(4)
        .map((o) => o.id),
    });
    await printer.call('batchEnd', { id: 'night-labels' });
    // Station 1 restarted: nothing of that batch is left to print, there or anywhere.
    step = 'station 1 restarted';
    one = await startStation('Station 1');
    expect(await one.call('batchOpen')).toEqual({ ok: true, value: [] });
    expect(await one.call('batchTake', { id: 'night-labels' })).toMatchObject({ ok: false });

    // A create held past the timeout; station 2 killed while it waits; restarted, it sends
    // the draft again; station 3 sends it too; then the held create lands: one order.
    const reference = randomUUID();
    const order = {
      recipient_name: `Floor kill ${reference.slice(0, 8)}`,
      address1: '1 Bay Street',
      city: 'York',
      postal_code: 'YO1 1AA',
      country: 'GB',
    };
    step = 'a create held, its station killed';
    api.proxy.plan.push('hold');
    void two.call('create', { order, reference });
    await api.proxy.whenHolding();
    await two.kill();
    two = await startStation('Station 2');
    step = 'the draft sent again from stations 2 and 3';
    const lookups = api.proxy.lookupsAnswered;
    const again = two.call('create', { order, reference });
    const third = three.call('create', { order, reference });
    await api.proxy.whenLookupsPast(lookups + 2);
    expect(api.proxy.forwarded).toBe(0);
    step = 'the held create released';
    await api.proxy.release();
    const [resent, fromThree] = await Promise.all([again, third]);
    expect(resent.ok && fromThree.ok).toBe(true);
    const id = resent.ok ? (resent.value as { id: number }).id : -1;
    expect(api.storedWith(reference)).toEqual([id]);
    expect(fromThree.ok ? (fromThree.value as { id: number }).id : -2).toBe(id);
    const left = await floor.db
      .pool(1)
      .query('SELECT count(*)::int AS n FROM floor_pending_creates');
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
