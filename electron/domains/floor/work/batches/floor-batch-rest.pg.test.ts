/**
 * "Print the rest" at another station (issue 29): two station consoles as two processes on one
 * floor database and one sandbox (test-support/floor-batch-station-child.ts). The office desk
 * starts a 40-order labels batch and is killed with kill -9 mid-batch; the pack station lists
 * it (with where and by whom it was started, and how far it got) and prints the rest. What a
 * supervisor checks: the office desk's jobs and the pack station's jobs together hold the 40
 * orders, each exactly once; the batch is then closed everywhere, the office desk included
 * once it is started again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../../sandbox/server/start';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../../test-support/floor-database';

const KEY = 'pk_floor_batch_rest_0123456789';
const SELECTED = 40;
const work = mkdtempSync(join(tmpdir(), 'packbench-floor-rest-'));
let db: TestDatabase;
let sandbox: RunningSandbox;

interface Line {
  ev: string;
  [key: string]: unknown;
}
interface Done {
  jobs: { id: string; state: string; orders: number[] }[];
  interrupted: { id: string }[];
}

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('batchrest');
  // Each label request takes a while, so the office desk is killed while one is on its way.
  sandbox = await startSandbox({
    port: 0,
    keys: [KEY],
    rate: 0,
    faults: { latencyMs: 400, latencyJitterMs: 0 },
  });
});
afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a station until it exits, or kills it (SIGKILL) at the first line `killAt` accepts. */
async function station(
  name: string,
  packer: string,
  args: string[],
  killAt?: (line: Line) => boolean,
): Promise<Line[]> {
  const floor = JSON.stringify({
    host: db.connection.host,
    port: db.connection.port,
    database: db.connection.database,
    user: db.connection.user,
    password: db.connection.password,
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'test-support', 'floor-batch-station-child.ts'),
      join(work, name),
      sandbox.url,
      KEY,
      name,
      packer,
      floor,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const seen: Line[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr?.on('data', (d) => (stderr += d));
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const text = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Line;
      seen.push(line);
      if (killAt?.(line) && child.exitCode === null) child.kill('SIGKILL');
    }
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (killAt) {
    expect(
      signal,
      `the station should have been killed: ${stderr} ${JSON.stringify(seen).slice(0, 3000)}`,
    ).toBe('SIGKILL');
  } else expect(code, `the station failed: ${stderr}`).toBe(0);
  return seen;
}

const doneOf = (lines: Line[]) => lines.find((l) => l.ev === 'done') as unknown as Done;

describe.skipIf(pgSkip)(`the rest of a batch printed at another station (${NO_CLUSTER})`, () => {
  it('office desk killed mid-batch, pack station prints the rest: 40 orders, each once', {
    timeout: 300_000,
  }, async () => {
    const orders: { id: number; shipments: { label_url?: string | null }[] }[] = [];
    for (let page = 1; orders.length < SELECTED; page++) {
      const r = await fetch(`${sandbox.url}/api/orders/?page=${page}&page_size=500`, {
        headers: { 'X-API-Key': KEY },
      });
      const results = ((await r.json()) as { results: typeof orders }).results;
      orders.push(
        ...results.filter((o) => o.shipments.length > 0 && o.shipments.every((s) => s.label_url)),
      );
    }
    const selected = orders.slice(0, SELECTED).map((o) => o.id);

    // 1. The office desk starts the batch (8 requests of 5) and is killed after the second.
    const office = await station(
      'Office desk',
      'Ana',
      ['start', JSON.stringify(selected)],
      (l) => l.ev === 'progress' && l.phase === 'Printing labels' && (l.done as number) >= 2,
    );
    expect(office.find((l) => l.ev === 'joined')).toMatchObject({ status: 'online' });
    expect(office.some((l) => l.ev === 'outcome')).toBe(false);

    // 2. The pack station lists it as the office desk's, and prints the rest.
    const pack = await station('Pack 2', 'Bo', ['rest']);
    const listed = pack.find((l) => l.ev === 'interrupted')?.batches as {
      selected: number;
      queued: number;
      notReached: { id: number }[];
      elsewhere?: { station: string; startedBy: string };
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      selected: SELECTED,
      elsewhere: { station: 'Office desk', startedBy: 'Ana' },
    });
    expect(listed[0]?.queued).toBeGreaterThanOrEqual(10);
    expect(listed[0]?.notReached.length).toBe(SELECTED - (listed[0]?.queued ?? 0));
    const outcome = pack.find((l) => l.ev === 'outcome')?.outcome as {
      batch: { selected: number; notReached: number; state: string };
    };
    expect(outcome.batch).toMatchObject({ selected: SELECTED, notReached: 0, state: 'finished' });
    const packDone = doneOf(pack);
    expect(packDone.interrupted).toEqual([]);

    // 3. The office desk started again: its own jobs (sent now if they were left queued), and
    // the batch no longer listed there, since the pack station finished it.
    const again = doneOf(await station('Office desk', 'Ana', ['jobs']));
    expect(again.interrupted).toEqual([]);

    // Every order in exactly one job, across both stations; every job printed.
    const printed = [...again.jobs, ...packDone.jobs].flatMap((j) => j.orders);
    expect([...printed].sort((a, b) => a - b)).toEqual([...selected].sort((a, b) => a - b));
    expect(new Set(printed).size).toBe(SELECTED);
    expect(packDone.jobs.every((j) => j.state === 'sent')).toBe(true);
    // A job being sent as the office desk was killed may or may not be on paper: it asks.
    expect(again.jobs.every((j) => j.state === 'sent' || j.state === 'may-have-printed')).toBe(
      true,
    );

    const check = await db.client();
    try {
      const rows = await check.query(
        `SELECT b.state, b.station, o.station AS reached_at, count(*)::int AS n
           FROM floor_batches b JOIN floor_batch_orders o ON o.batch_id = b.id
          GROUP BY b.state, b.station, o.station ORDER BY o.station`,
      );
      expect(rows.rows.map((r) => r.state)).toEqual(['finished', 'finished']);
      expect(rows.rows.reduce((n, r) => n + (r.n as number), 0)).toBe(SELECTED);
    } finally {
      await check.end();
    }
  });
});
