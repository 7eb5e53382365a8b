/**
 * "Print the rest" at another station (issue 29): two station consoles as two processes on one
 * floor database and one sandbox (test-support/floor-batch-station-child.ts). The office desk
 * starts a 40-order batch and is killed with kill -9 the moment one of its jobs is on its own
 * disk, before it is sent and before the floor heard it was made (the double-print window): the
 * floor only heard that the job was about to be made. The pack station lists the batch (where
 * and by whom it was started, how far it got, where its rest prints here, and that job's orders
 * as "may have printed" at the office desk) and prints the rest. What a supervisor checks: the
 * office desk's jobs (its last one sent once it is started again) and the pack station's jobs
 * together hold the 40 orders, each exactly once; the batch stays listed with only the "may have
 * printed" orders, to check. Labels, and a documents batch (packing slips), whose rest prints
 * packing slips here. The office desk starts again while the floor is down: that job is held,
 * not sent, until the floor is back and says whether its orders were printed meanwhile (sent
 * when none were, cancelled when they were). Then those orders settled (one kill for both answers): "They printed" for
 * 2 (printed floor-wide, left out of the rest), "Print them" for 3 (printed once at the pack
 * station while a second station pressing it is told where they are being printed); nothing
 * left, the batch is closed everywhere.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../../sandbox/server/start';
import { type BundledChild, bundleChild } from '../../../../test-support/bundled-child';
import { freePort } from '../../../../test-support/free-port';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../../test-support/floor-database';
import { type SlowDocumentsProxy, slowDocumentsProxy } from './test-support/slow-documents-proxy';

const KEY = 'pk_floor_batch_rest_0123456789';
/**
 * While the office desk prints, each label or documents request takes a while, so it is killed
 * while one is on its way. Only those, and only then: its 40 order reads, the pack station and
 * the office desk started again wait on nothing (they were most of this file's time).
 */
const SLOW_MS = 400;
const SELECTED = 40;
const work = mkdtempSync(join(tmpdir(), 'packbench-floor-rest-'));
let db: TestDatabase;
let sandbox: RunningSandbox;
// The stations' API: the sandbox behind a proxy holding back document requests (SLOW_MS).
let api: SlowDocumentsProxy;
// Six station starts: the station bundled once instead of compiled by tsx at each start.
let stationScript: BundledChild;

interface Line {
  ev: string;
  [key: string]: unknown;
}
interface Done {
  jobs: { id: string; title: string; state: string; reason?: string; orders: number[] }[];
  interrupted: { id: string }[];
}
interface Listed {
  selected: number;
  queued: number;
  kinds?: string[];
  notReached: { id: number }[];
  skippedOrders: { cause: string; reason: string; orders: { id: number }[] }[];
  elsewhere?: { station: string; startedBy: string };
  printsTo?: string;
}

beforeAll(async () => {
  if (pgSkip) return;
  db = await createTestDatabase('batchrest');
  stationScript = await bundleChild(
    join(import.meta.dirname, 'test-support', 'floor-batch-station-child.ts'),
  );
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0 });
  api = await slowDocumentsProxy(sandbox.url);
});
afterAll(async () => {
  await api?.close();
  await sandbox?.close();
  await db?.drop();
  await stationScript?.dispose();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a station until it exits; `killed`: it is to end by SIGKILL (its own, see killAtJob). */
async function station(
  name: string,
  packer: string,
  args: string[],
  killed = false,
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
    [stationScript.file, join(work, name), api.url, KEY, name, packer, floor, ...args],
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
    }
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (killed) {
    expect(
      signal,
      `the station should have been killed: ${stderr} ${JSON.stringify(seen).slice(0, 3000)}`,
    ).toBe('SIGKILL');
  } else expect(code, `the station failed: ${stderr}`).toBe(0);
  return seen;
}

/**
 * The floor down when `name` starts again: its saved floor settings name a port nothing
 * listens on (refused at once, as a stopped database is). The station's own join of the floor
 * afterwards (floorSettingsSave, the right port) brings it back.
 */
async function floorDownAtRestart(name: string): Promise<void> {
  const file = join(work, name, 'floor.json');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { connection: { port: number } };
  saved.connection.port = await freePort();
  writeFileSync(file, JSON.stringify(saved));
}

/**
 * The states a job went through in a station's run, in order: at its start, then each change
 * (a change told again with the same state, as the start's own may be, counted once).
 */
const statesOf = (lines: Line[], id: string | undefined) => {
  const start = lines.find((l) => l.ev === 'at-start')?.jobs as { id: string; state: string }[];
  const all = [
    start?.find((j) => j.id === id)?.state,
    ...lines.filter((l) => l.ev === 'job' && l.id === id).map((l) => l.state),
  ];
  return all.filter((state, i) => i === 0 || state !== all[i - 1]);
};

const doneOf = (lines: Line[]) => lines.find((l) => l.ev === 'done') as unknown as Done;

async function labelledOrders(n: number): Promise<number[]> {
  const orders: { id: number; shipments: { label_url?: string | null }[] }[] = [];
  for (let page = 1; orders.length < n; page++) {
    const r = await fetch(`${sandbox.url}/api/orders/?page=${page}&page_size=500`, {
      headers: { 'X-API-Key': KEY },
    });
    const results = ((await r.json()) as { results: typeof orders }).results;
    orders.push(
      ...results.filter((o) => o.shipments.length > 0 && o.shipments.every((s) => s.label_url)),
    );
  }
  return orders.slice(0, n).map((o) => o.id);
}

/**
 * The office desk prints `selected` (requests of 5) and is killed as its `killAtJob`th job lands
 * on its disk; answers that job's line.
 */
async function officeKilled(run: string, selected: number[], options: object, killAtJob: number) {
  api.slowMs = SLOW_MS;
  let office: Line[];
  try {
    office = await station(
      `${run} office`,
      'Ana',
      ['start', JSON.stringify(selected), JSON.stringify({ ...options, killAtJob })],
      true,
    );
  } finally {
    api.slowMs = 0;
  }
  expect(office.find((l) => l.ev === 'joined')).toMatchObject({ status: 'online' });
  expect(office.some((l) => l.ev === 'outcome')).toBe(false);
  // The job the kill came after: on the office desk's disk, never told to the floor as made.
  return office.filter((l) => l.ev === 'job').at(-1);
}

/**
 * The office desk prints `selected` (requests of 5) and is killed as its `killAtJob`th job
 * lands on its disk; the pack station prints the rest; the office desk is started again. Each
 * run has its own station folders, so the two runs do not see each other's jobs.
 */
async function killedThenRest(run: string, selected: number[], options: object, killAtJob: number) {
  const lastJob = await officeKilled(run, selected, options, killAtJob);
  const pack = await station(`${run} pack`, 'Bo', ['rest']);
  const listed = (pack.find((l) => l.ev === 'interrupted')?.batches ?? []) as Listed[];
  const outcome = pack.find((l) => l.ev === 'outcome')?.outcome as {
    batch: { selected: number; notReached: number; state: string };
    skipped: { cause?: string; orderIds?: number[] }[];
  };
  // Started again while the floor is down: its recovered job is held (the floor cannot say
  // whether another station printed those orders meanwhile), then asked about again when the
  // station joins the floor.
  await floorDownAtRestart(`${run} office`);
  const againLines = await station(`${run} office`, 'Ana', ['jobs']);
  return {
    listed,
    outcome,
    packDone: doneOf(pack),
    again: doneOf(againLines),
    againLines,
    lastJob,
  };
}

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe.skipIf(pgSkip)(`the rest of a batch printed at another station (${NO_CLUSTER})`, () => {
  it('office desk killed with a job on its disk the floor never heard of: the pack station prints the rest and shows that job\'s orders as "may have printed"; 40 orders, each once', {
    timeout: 300_000,
  }, async () => {
    const selected = await labelledOrders(SELECTED);
    const { listed, outcome, packDone, again, againLines } = await killedThenRest(
      'labels',
      selected,
      {},
      3,
    );

    // Listed at the pack station as the office desk's: 2 jobs reached, the 3rd "may have
    // printed" there, the other 25 to print here, on this station's label printer.
    expect(listed).toHaveLength(1);
    const batch = listed[0] as Listed;
    expect(batch).toMatchObject({
      selected: SELECTED,
      queued: 10,
      elsewhere: { station: 'labels office', startedBy: 'Ana' },
      printsTo: 'Prints here on Save to folder.',
    });
    const maybe = batch.skippedOrders.filter((g) => g.cause === 'may_have_printed');
    expect(maybe).toHaveLength(1);
    expect(maybe[0]?.reason).toMatch(/stopped at labels office .*may be on paper there/);
    const maybeIds = ascending(maybe[0]?.orders.map((o) => o.id) ?? []);
    expect(maybeIds).toEqual(ascending(selected.slice(10, 15)));
    expect(batch.notReached.map((o) => o.id)).toEqual(selected.slice(15));

    // The rest printed here: its answer names the "may have printed" orders again.
    expect(outcome.batch).toMatchObject({ selected: SELECTED, notReached: 0, state: 'finished' });
    const told = outcome.skipped.find((s) => s.cause === 'may_have_printed');
    expect(ascending(told?.orderIds ?? [])).toEqual(maybeIds);
    // Still listed with those 5 only, to check at that printer (nothing of it left to print).
    const after = packDone.interrupted as unknown as Listed[];
    expect(after).toHaveLength(1);
    expect(after[0]?.notReached).toEqual([]);
    expect(after[0]?.skippedOrders.map((g) => [g.cause, g.orders.length])).toEqual([
      ['may_have_printed', 5],
    ]);
    expect(packDone.jobs.every((j) => j.state === 'sent')).toBe(true);

    // The office desk started again with the floor down: its job left queued is held, not
    // sent; once the floor is back and says no one printed its orders, it is sent (so those
    // orders did print, once). The batch is no longer listed there: the pack station printed
    // its rest, and the 5 are the office desk's own (its journal knows their job).
    const recovered = again.jobs.find(
      (j) => j.orders.length === 5 && j.orders.includes(maybeIds[0] ?? -1),
    );
    expect(statesOf(againLines, recovered?.id)).toEqual(['held', 'queued', 'sending', 'sent']);
    expect(recovered?.state).toBe('sent');
    expect(again.interrupted).toEqual([]);
    expect(again.jobs.every((j) => j.state === 'sent')).toBe(true);
    const printed = [...again.jobs, ...packDone.jobs].flatMap((j) => j.orders);
    expect(ascending(printed)).toEqual(ascending(selected));
    expect(new Set(printed).size).toBe(SELECTED);

    const check = await db.client();
    try {
      const rows = await check.query(
        `SELECT b.state, o.outcome, count(*)::int AS n
           FROM floor_batches b JOIN floor_batch_orders o ON o.batch_id = b.id
          GROUP BY b.state, o.outcome ORDER BY o.outcome`,
      );
      // The floor still says what it knew: 5 orders were being sent when the desk died; until
      // someone settles them the batch stays open (held by no one).
      expect(rows.rows).toEqual([
        { state: 'running', outcome: 'pending', n: 5 },
        { state: 'running', outcome: 'queued', n: SELECTED - 5 },
      ]);
    } finally {
      await check.end();
    }
  });

  it('a packing slips batch begun at the office desk: its rest prints packing slips here, the orders once each', {
    timeout: 300_000,
  }, async () => {
    const selected = (await labelledOrders(SELECTED + 20)).slice(20);
    const { listed, outcome, packDone, again } = await killedThenRest(
      'slips',
      selected,
      { kinds: ['packing_slip'] },
      2,
    );
    const batch = listed.find((b) => b.elsewhere?.station === 'slips office') as Listed;
    expect(batch).toMatchObject({
      selected: SELECTED,
      queued: 5,
      kinds: ['packing_slip'],
      printsTo: 'Prints here on Save to folder.',
    });
    expect(batch.notReached).toHaveLength(SELECTED - 10);
    expect(outcome.batch).toMatchObject({ notReached: 0, state: 'finished' });
    // Packing slips, not labels: the batch asked for slips, and this station prints them.
    expect(packDone.jobs.length).toBeGreaterThan(0);
    expect(packDone.jobs.every((j) => /packing slips?/.test(j.title))).toBe(true);
    const printed = [...again.jobs, ...packDone.jobs].flatMap((j) => j.orders);
    expect(ascending(printed)).toEqual(ascending(selected));
  });

  it('the "may have printed" orders settled at the pack station: "They printed" marks them printed floor-wide and the rest leaves them out; "Print them" prints them once, a second station pressing it at once is told where they are being printed', {
    timeout: 300_000,
  }, async () => {
    const selected = (await labelledOrders(SELECTED + 60)).slice(60);
    await officeKilled('settle', selected, {}, 3);
    const maybe = selected.slice(10, 15);
    const [batchId] = await floorRows<{ id: string }>(
      "SELECT id FROM floor_batches WHERE station = 'settle office'",
    );
    // The pack station: 2 found on paper at the office desk, 3 not (printed here), then the
    // rest. Its "Print them" request is held at the API until the second station has tried.
    const gate = api.gate();
    const packRun = station('settle pack', 'Bo', [
      'settle',
      '[]',
      JSON.stringify({
        batchId: batchId?.id,
        steps: [
          { mayHavePrinted: 'printed', take: [0, 2] },
          { mayHavePrinted: 'print', take: [2, 5] },
        ],
        rest: true,
      }),
    ]);
    // (A pack station that ended without asking says why below, instead of a wait to the timeout.)
    await Promise.race([gate.arrived, packRun]);
    let desk: Line[];
    try {
      desk = await station('settle desk 2', 'Cy', [
        'settle',
        '[]',
        JSON.stringify({
          batchId: batchId?.id,
          steps: [{ mayHavePrinted: 'print', orderIds: maybe.slice(2) }],
          marks: maybe.slice(0, 2),
        }),
      ]);
    } finally {
      gate.open();
    }
    const pack = await packRun;

    const listed = (pack.find((l) => l.ev === 'interrupted')?.batches ?? []) as (Listed & {
      id: string;
    })[];
    const group = listed
      .find((b) => b.id === batchId?.id)
      ?.skippedOrders.find((g) => g.cause === 'may_have_printed');
    expect(ascending(group?.orders.map((o) => o.id) ?? [])).toEqual(ascending(maybe));
    const [printed, printHere] = pack.filter((l) => l.ev === 'settled') as unknown as {
      answer: { ok: boolean; value: { marked?: unknown; outcome?: { jobs: unknown[] } } };
    }[];
    // "They printed": the 2 are marked, where they are on paper.
    expect(printed?.answer).toMatchObject({
      ok: true,
      value: {
        marked: [
          {
            station: 'settle office',
            orders: maybe.slice(0, 2).map((id) => expect.objectContaining({ id })),
          },
        ],
      },
    });
    expect(printHere?.answer).toMatchObject({ ok: true, value: { outcome: { jobs: [{}] } } });

    // The second station, at the same moment: told in words, nothing printed there.
    const refused = desk.find((l) => l.ev === 'settled') as unknown as {
      answer: { ok: false; error: { message: string } };
    };
    expect(refused.answer.ok).toBe(false);
    expect(refused.answer.error.message).toMatch(/being printed at settle pack/);
    expect(doneOf(desk).jobs).toEqual([]);
    // Printed floor-wide: the second station reads the 2 as printed (labels) at the office desk.
    const marks = desk.find((l) => l.ev === 'marks')?.marks as { orderId: number; what: string }[];
    expect(ascending(marks.filter((m) => m.what === 'labels').map((m) => m.orderId))).toEqual(
      ascending(maybe.slice(0, 2)),
    );

    // Every order once: 10 in the office desk's two jobs sent before the kill, 2 on paper there
    // (marked), 3 + 25 in the pack station's jobs; nothing of the batch left, so it is closed.
    const packDone = doneOf(pack);
    const packPrinted = packDone.jobs.flatMap((j) => j.orders);
    expect(packPrinted).toHaveLength(28);
    expect(ascending(packPrinted)).toEqual(ascending([...maybe.slice(2), ...selected.slice(15)]));
    expect(packDone.jobs.every((j) => j.state === 'sent')).toBe(true);
    expect(packDone.interrupted.map((b) => b.id)).not.toContain(batchId?.id);
    const rows = await floorRows<{ state: string; station: string; n: number }>(
      `SELECT b.state, o.station, count(*)::int AS n
         FROM floor_batches b JOIN floor_batch_orders o ON o.batch_id = b.id
        WHERE b.id = $1 AND o.outcome = 'queued' GROUP BY b.state, o.station ORDER BY o.station`,
      [batchId?.id],
    );
    expect(rows).toEqual([
      { state: 'finished', station: 'settle office', n: 12 },
      { state: 'finished', station: 'settle pack', n: 28 },
    ]);
    const floorMarks = await floorRows<{ order_id: string; station: string }>(
      'SELECT order_id::text, station FROM printed_marks WHERE order_id = ANY($1::bigint[])',
      [maybe],
    );
    // Printed floor-wide, with where each is on paper: the 2 marked at the office desk, the 3
    // the pack station printed (its batches' marks follow to the floor).
    const byOrder = (rows: { order_id: string; station: string }[]) =>
      rows.map((m) => [Number(m.order_id), m.station]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(byOrder(floorMarks)).toEqual(
      byOrder([
        ...maybe.slice(0, 2).map((id) => ({ order_id: String(id), station: 'settle office' })),
        ...maybe.slice(2).map((id) => ({ order_id: String(id), station: 'settle pack' })),
      ]),
    );

    // The office desk started again: the job the kill left on its disk holds these 5, settled
    // meanwhile (2 on paper there, 3 printed here). It is not sent, and says why; its two jobs
    // sent before the kill stay the only ones it printed.
    // Started with the floor down, it is held first; the floor back, it is cancelled.
    await floorDownAtRestart('settle office');
    const againLines = await station('settle office', 'Ana', ['jobs']);
    const again = doneOf(againLines);
    const recovered = again.jobs.find(
      (j) => ascending(j.orders).join() === ascending(maybe).join(),
    );
    expect(recovered).toMatchObject({
      state: 'cancelled',
      reason:
        'Not sent: while this station was stopped, 3 of its orders were printed at settle pack and 2 of its orders were found on paper here. Sending it would print them twice.',
    });
    expect(statesOf(againLines, recovered?.id)).toEqual(['held', 'cancelled']);
    const sentThere = again.jobs.filter((j) => j.state === 'sent').flatMap((j) => j.orders);
    expect(ascending(sentThere)).toEqual(ascending(selected.slice(0, 10)));
  });
});

/** Rows of the test's floor database, read as a supervisor would check them. */
async function floorRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const check = await db.client();
  try {
    return (await check.query(sql, params)).rows as T[];
  } finally {
    await check.end();
  }
}
