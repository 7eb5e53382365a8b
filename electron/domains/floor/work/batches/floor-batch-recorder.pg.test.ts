/**
 * The printing domain's batch recorder behind the floor, on the real cluster: a batch is on the
 * floor before the station's own record (so before its first job); "Print the rest" at a
 * second station while the first prints is refused in words and records nothing there; once
 * the first stops, the second takes the rest. No floor: the station's own recorder only. The
 * floor unreachable: the batch goes on and that is said.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDbGate } from '../../pack/test-support/db-gate';
import {
  createWorkDatabase,
  hasCluster,
  requireCluster,
  type WorkDatabase,
} from '../test-support/work-database';
import {
  BatchPrintedElsewhere,
  type FloorRecordable,
  FloorWriteTimeout,
  withFloorBatches,
} from './floor-batch-recorder';
import { FloorBatches } from './floor-batches';

const run = hasCluster || requireCluster;
/** The API account these rows belong to (0006-work-account.sql). */
const ACCOUNT = 'account-a';
let db: WorkDatabase;

beforeAll(async () => {
  if (!run) return;
  db = await createWorkDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** A station's own recorder, writing down what it was told. */
function ownRecorder() {
  const calls: string[] = [];
  const recorder: FloorRecordable = {
    begin: async (b) => void calls.push(`begin ${b.id}${b.resumed ? ' (rest)' : ''}`),
    names: async () => {},
    record: async (id, entries) => void calls.push(`record ${id} ${entries.length}`),
    end: async (id, state) => void calls.push(`end ${id} ${state}`),
  };
  return { calls, recorder };
}

/** A station whose floor is reached at `port` (a gate, or nothing), its problems written down. */
function stationOnPort(name: string, port: number, extra: { writeTimeoutMs?: number } = {}) {
  const pool = new pg.Pool({ ...db.config, port, max: 2, connectionTimeoutMillis: 2000 });
  pool.on('error', () => undefined);
  const own = ownRecorder();
  const problems: unknown[] = [];
  const recorder = withFloorBatches(own.recorder, {
    batches: () => new FloorBatches(pool, name, ACCOUNT),
    startedBy: () => 'Ana',
    offline: (error) => problems.push(error),
    ...extra,
  });
  return { pool, own, problems, recorder };
}

const orders = [
  { id: 501, name: '#501' },
  { id: 502, name: '#502' },
];
const start = (resumed: boolean) => ({
  id: 'b-rest',
  title: '2 labels',
  what: 'labels' as const,
  orders,
  resumed,
});

describe.skipIf(!run)('the batch recorder on the floor (real PostgreSQL)', () => {
  it('journals a batch on the floor first; the rest is printed by one station only', async () => {
    const office = new FloorBatches(db.pool(2), 'Office desk', ACCOUNT);
    const pack = new FloorBatches(db.pool(2), 'Station 3', ACCOUNT);
    const one = ownRecorder();
    const two = ownRecorder();
    const atOffice = withFloorBatches(one.recorder, {
      batches: () => office,
      startedBy: () => 'Ana',
    });
    const atPack = withFloorBatches(two.recorder, { batches: () => pack, startedBy: () => 'Ben' });

    await atOffice.begin(start(false));
    expect(await pack.open()).toEqual([
      expect.objectContaining({ id: 'b-rest', total: 2, holder: 'Office desk', live: true }),
    ]);
    await atOffice.record('b-rest', [{ id: 501, outcome: 'queued' }]);

    const refused = atPack.begin(start(true));
    await expect(refused).rejects.toThrow(BatchPrintedElsewhere);
    await expect(refused).rejects.toThrow('Office desk is printing this batch now.');
    // What the printing goes on to write of the refused batch is not written at this station.
    await atPack.record('b-rest', [{ id: 502, outcome: 'not_found' }]);
    await atPack.end('b-rest', 'stopped');
    expect(two.calls).toEqual([]);

    await atOffice.end('b-rest', 'stopped');
    await atPack.begin(start(true));
    expect(await office.open()).toEqual([
      expect.objectContaining({ id: 'b-rest', reached: 1, holder: 'Station 3', live: true }),
    ]);
    await atPack.record('b-rest', [{ id: 502, outcome: 'queued' }]);
    await atPack.end('b-rest', 'finished');
    expect(await office.open()).toEqual([]);
    expect(one.calls).toEqual(['begin b-rest', 'record b-rest 1', 'end b-rest stopped']);
    expect(two.calls).toEqual(['begin b-rest (rest)', 'record b-rest 1', 'end b-rest finished']);
  });

  it('an order on two printers is not printed on the floor until its last job is queued', async () => {
    const office = new FloorBatches(db.pool(2), 'Office desk', ACCOUNT);
    const own = ownRecorder();
    const atOffice = withFloorBatches(own.recorder, {
      batches: () => office,
      startedBy: () => 'Ana',
    });
    const reached = async () =>
      (await office.interrupted()).find((b) => b.id === 'b-two')?.reachedOrders;
    await atOffice.begin({
      ...start(false),
      id: 'b-two',
      what: 'documents',
      kinds: ['packing_slip', 'shipping_label'],
    });
    // 502 has no label: its skip for the labels kind waits for its slip; 501's slip job is
    // made and on disk, its label job still to come.
    await atOffice.record('b-two', [{ id: 502, outcome: 'no_label', more: true }]);
    await atOffice.sending?.('b-two', [501, 502]);
    await atOffice.record('b-two', [
      { id: 501, outcome: 'queued', more: true },
      { id: 502, outcome: 'queued' },
    ]);
    await atOffice.sending?.('b-two', [501]);
    // The station stops before 501's label job is on its disk: 501 may have printed (its
    // slip did, its label may have), never "printed".
    await atOffice.end('b-two', 'stopped');
    expect(await reached()).toEqual([
      { id: 501, outcome: 'pending', station: 'Office desk' },
      { id: 502, outcome: 'queued', station: 'Office desk' },
    ]);
    // The station's own journal heard every entry (its resume works from its jobs).
    expect(own.calls).toEqual([
      'begin b-two',
      'record b-two 1',
      'record b-two 2',
      'end b-two stopped',
    ]);
  });

  it('a floor whose network hangs mid-batch: the batch goes on alone, said once', async () => {
    const gate = await startDbGate({
      host: db.config.host ?? '127.0.0.1',
      port: db.config.port ?? 5432,
    });
    // Short here so the test is quick (what is checked is that the batch goes on), long
    // enough for a loaded machine's writes before the hang.
    const station = stationOnPort('Office desk', gate.port, { writeTimeoutMs: 2500 });
    const { own, problems, recorder: office } = station;
    // Both connections made (TLS and all) before the batch, as at a station already running.
    await Promise.all([station.pool.query('SELECT 1'), station.pool.query('SELECT 1')]);
    await office.begin({ ...start(false), id: 'b-hang' });
    expect(problems.map(String)).toEqual([]);
    // The switch dies: nothing answers, nothing is reset.
    gate.hang();
    await office.sending?.('b-hang', [501]);
    await office.record('b-hang', [{ id: 501, outcome: 'queued' }]);
    await office.record('b-hang', [{ id: 502, outcome: 'queued' }]);
    await office.end('b-hang', 'finished');
    // Said once (the first write that did not answer), then the batch went on without the
    // floor, its own journal complete.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBeInstanceOf(FloorWriteTimeout);
    expect(own.calls).toEqual([
      'begin b-hang',
      'record b-hang 1',
      'record b-hang 1',
      'end b-hang finished',
    ]);
    await gate.close();
    await station.pool.end().catch(() => undefined);
  });

  it('no floor: the station’s own record only; the floor unreachable: the batch goes on, said', async () => {
    const alone = ownRecorder();
    const noFloor = withFloorBatches(alone.recorder, { batches: () => null, startedBy: () => '' });
    await noFloor.begin({ ...start(false), id: 'b-alone' });
    await noFloor.end('b-alone', 'finished');
    expect(alone.calls).toEqual(['begin b-alone', 'end b-alone finished']);

    // A pool on a port nothing listens on: the floor cannot be asked.
    const { pool: gone, own: cut, problems, recorder: offline } = stationOnPort('Station 9', 1);
    await offline.begin({ ...start(false), id: 'b-offline' });
    await offline.end('b-offline', 'finished');
    expect(cut.calls).toEqual(['begin b-offline', 'end b-offline finished']);
    expect(problems).toHaveLength(1);
    await gone.end();
  });
});
