/**
 * Three station consoles as three processes on one floor database (real sessions, each with
 * its own local store), one of them killed with kill -9 and started again. What a supervisor
 * checks: labels printed at the office desk are printed at the pack stations; a station killed
 * while it held an order comes back to the same claim and packs it once; a claim left by a
 * killed station lets go after its idle time; nothing is doubled.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundleChild } from '../../../test-support/bundled-child';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';

interface Line {
  ev: string;
  [key: string]: unknown;
}

class Station {
  private readonly lines: Line[] = [];
  private waiting: ((line: Line) => void) | null = null;
  stderr = '';
  constructor(readonly child: ChildProcess) {
    child.stderr?.on('data', (d) => (this.stderr += d));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      if (!text.startsWith('{')) return;
      const line = JSON.parse(text) as Line;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
  }
  next(): Promise<Line> {
    const line = this.lines.shift();
    if (line) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.child.once('exit', () => reject(new Error(`the station exited: ${this.stderr}`)));
    });
  }
  async send(cmd: Record<string, unknown>): Promise<Line> {
    this.child.stdin?.write(`${JSON.stringify(cmd)}\n`);
    return this.next();
  }
  async kill9(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    const [, signal] = (await exited) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
  }
  /** The end of the test: the process goes (its connections are dropped with the database). */
  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

let db: TestDatabase;
const dirs = new Map<string, string>();
const running: Station[] = [];
// Four station starts (one restarted after kill -9): bundled once instead of compiled by tsx at each start.
let stationScript: BundledChild | undefined;

async function start(id: string, name: string): Promise<Station> {
  let dir = dirs.get(id);
  if (!dir) {
    dir = await mkdtemp(path.join(tmpdir(), `floor-pack-${id}-`));
    dirs.set(id, dir);
  }
  if (!stationScript) throw new Error('the station script was not bundled');
  const child = spawn(process.execPath, [stationScript.file, db.name, id, name, dir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const station = new Station(child);
  running.push(station);
  expect(await station.next()).toEqual({ ev: 'ready', status: 'online' });
  return station;
}

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('packkill');
  stationScript = await bundleChild(
    path.join(import.meta.dirname, 'test-support', 'pack-station-child.ts'),
  );
});
afterAll(async () => {
  for (const s of running) s.stop();
  await Promise.all([...dirs.values()].map((d) => rm(d, { recursive: true, force: true })));
  await db?.drop();
  await stationScript?.dispose();
});

describe.skipIf(pgSkip)(`three station processes, one killed (${NO_CLUSTER})`, () => {
  it('marks, claims and packs across processes: one killed with kill -9, nothing doubled', {
    timeout: 120_000,
  }, async () => {
    const office = await start('st-office', 'Office desk');
    let one = await start('st-1', 'Station 1');
    const two = await start('st-2', 'Station 2');

    // A batch of labels printed at the office desk is "printed" at both pack stations.
    expect(await office.send({ op: 'print', orderIds: [1, 2, 3], jobId: 'batch-7' })).toMatchObject(
      { ev: 'printed', written: { written: 'floor' } },
    );
    for (const at of [one, two]) {
      const { marks } = (await at.send({ op: 'marks', orderIds: [1, 2, 3, 4] })) as unknown as {
        marks: { orderId: number; what: string; printer: string }[];
      };
      expect(marks.map((m) => [m.orderId, m.what, m.printer]).sort()).toEqual([
        [1, 'labels', 'Office desk Zebra'],
        [2, 'labels', 'Office desk Zebra'],
        [3, 'labels', 'Office desk Zebra'],
      ]);
    }

    // Station 1 opens order 7 and is killed with it open; Station 2 meets the claim.
    expect(await one.send({ op: 'open', orderId: 7, packer: 'Ana' })).toMatchObject({
      opened: { source: 'floor', claim: { kind: 'granted' } },
    });
    await one.kill9();
    expect(await two.send({ op: 'open', orderId: 7, packer: 'Bo' })).toMatchObject({
      opened: {
        source: 'floor',
        claim: { kind: 'held', holder: { station: 'Station 1', packer: 'Ana' } },
      },
    });
    // Started again, Station 1 is back on its own claim and packs the order once.
    one = await start('st-1', 'Station 1');
    expect(await one.send({ op: 'open', orderId: 7, packer: 'Ana' })).toMatchObject({
      opened: { source: 'floor', claim: { kind: 'resumed' }, packed: null },
    });
    expect(await one.send({ op: 'pack', orderId: 7, packer: 'Ana' })).toMatchObject({
      written: { written: 'floor' },
    });
    expect(await two.send({ op: 'open', orderId: 7, packer: 'Bo' })).toMatchObject({
      opened: { source: 'floor', packed: { station: 'Station 1', packedBy: 'Ana', times: 1 } },
    });

    // Station 2 opens order 8 and is killed; its claim holds until idle past 15 minutes.
    await two.send({ op: 'open', orderId: 8, packer: 'Bo' });
    await two.kill9();
    expect(await office.send({ op: 'open', orderId: 8, packer: 'Cy' })).toMatchObject({
      opened: { claim: { kind: 'held', holder: { station: 'Station 2' } } },
    });
    const admin = await db.client();
    try {
      // The database's clock moved on 16 minutes for that claim (no test waits 15 minutes).
      await admin.query(
        `UPDATE pack_claims SET touched_at = now() - interval '16 minutes' WHERE order_id = 8`,
      );
      expect(await office.send({ op: 'open', orderId: 8, packer: 'Cy' })).toMatchObject({
        opened: { claim: { kind: 'granted', expired: { station: 'Station 2' } } },
      });
      await office.send({ op: 'pack', orderId: 8, packer: 'Cy' });
      const packs = await admin.query(
        'SELECT order_id::int AS o, station, count(*) OVER (PARTITION BY order_id)::int AS n FROM pack_log ORDER BY order_id',
      );
      expect(packs.rows).toEqual([
        { o: 7, station: 'Station 1', n: 1 },
        { o: 8, station: 'Office desk', n: 1 },
      ]);
      const marks = await admin.query('SELECT count(*)::int AS n FROM printed_marks');
      expect(marks.rows[0]?.n).toBe(3);
      // Only Station 2's look at the packed order 7 holds a claim (its screen showed "Already
      // packed"; it was killed before leaving it, so the claim ends by idle time).
      const claims = await admin.query(
        'SELECT order_id::int AS o, station FROM pack_claims ORDER BY order_id',
      );
      expect(claims.rows).toEqual([{ o: 7, station: 'Station 2' }]);
      const conflicts = await admin.query('SELECT count(*)::int AS n FROM pack_conflicts');
      expect(conflicts.rows[0]?.n).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
