/**
 * One station of the floor as its own process, for the three-station tests (run with
 * `node --import tsx`): the work's stores on the floor database, an API client to the test's
 * proxy, the station's own local store in a folder on disk (so a restart on the same folder is
 * what a kill -9 leaves). Bridge-like calls come as JSON lines on stdin ({id, method, args})
 * and are answered as JSON lines on stdout ({id, answer}); every change the floor pushes
 * (LISTEN/NOTIFY) is printed as {event}. The parent can SIGKILL it at any moment.
 * Usage: work-station-child.ts <json: {station, pg, baseUrl, key, dir}>
 */
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createApiClient } from '../../../../kernel/api/api-client';
import { AccountLimiter } from '../../../../kernel/api/limiter';
import { openLocalStore } from '../../../../kernel/local-store';
import { type BatchHold, FloorBatches } from '../batches/floor-batches';
import { createOrderOnFloor, FloorPendingCreates } from '../creates/floor-pending-creates';
import { parseWorkChange, WORK_CHANNEL } from '../floor-db-port';
import { clearFloorMark, floorMarksOf, setFloorMark } from '../reviews/floor-review-marks';

const setup = JSON.parse(process.argv[2] ?? '{}') as {
  station: string;
  pg: pg.PoolConfig;
  baseUrl: string;
  key: string;
  dir: string;
};
const pool = new pg.Pool({ ...setup.pg, max: 6 });
pool.on('error', () => undefined);
const store = await openLocalStore({ dir: setup.dir });
const api = createApiClient({
  baseUrl: setup.baseUrl,
  apiKey: setup.key,
  limiter: new AccountLimiter({ initialRate: 1000, maxRate: 1000 }),
  // Short, so a held create is past the timeout at once; it guards, it is not measured.
  timeoutMs: 300,
  retries: 2,
  minRetryDelayMs: 1,
  maxRetryDelayMs: 5,
});
// Every station of this suite works on one API account (the sandbox's).
const ACCOUNT = 'account-a';
const pending = new FloorPendingCreates({
  db: () => pool,
  station: setup.station,
  account: () => ACCOUNT,
  local: async () => store,
});
const batches = new FloorBatches(pool, setup.station, ACCOUNT);
const holds = new Map<string, BatchHold>();

const listener = await pool.connect();
listener.on('notification', (n) => {
  const change = parseWorkChange(n.payload);
  if (change) process.stdout.write(`${JSON.stringify({ event: change })}\n`);
});
await listener.query(`LISTEN ${WORK_CHANNEL}`);

type Args = Record<string, unknown>;
const methods: Record<string, (args: Args) => Promise<unknown>> = {
  markSet: async (a) => {
    const at = new Date();
    const mark = {
      returnId: a.returnId as number,
      rmaNumber: null,
      reviewedAt: at.toISOString(),
      reviewedBy: a.reviewedBy as string,
      note: (a.note as string) ?? '',
    };
    return setFloorMark(pool, ACCOUNT, mark, setup.station, at);
  },
  markClear: async (a) =>
    clearFloorMark(pool, ACCOUNT, a.returnId as number, setup.station, new Date()),
  marks: async (a) => floorMarksOf(pool, ACCOUNT, a.ids as number[]),
  create: async (a) =>
    createOrderOnFloor(
      api,
      {
        order: a.order as Record<string, unknown>,
        reference: a.reference as string,
        mayExist: false,
      },
      { priority: 'interactive' },
      // Lookups a few ms apart: the test waits on the proxy's events, not on these.
      { firstDelayMs: 5, maxDelayMs: 20 },
      pending,
    ),
  batchBegin: async (a) => {
    const hold = await batches.begin({
      id: a.id as string,
      title: a.id as string,
      what: 'labels',
      orders: a.orders as { id: number; name: string }[],
      startedBy: setup.station,
    });
    holds.set(hold.batchId, hold);
    return true;
  },
  batchTake: async (a) => {
    const hold = await batches.take(a.id as string);
    holds.set(hold.batchId, hold);
    return (await hold.notReached()).map((o) => o.id);
  },
  batchRecord: async (a) => {
    await holds
      .get(a.id as string)
      ?.record((a.ids as number[]).map((id) => ({ id, outcome: 'queued' as const })));
    return true;
  },
  batchEnd: async (a) => {
    await holds.get(a.id as string)?.end('finished');
    holds.delete(a.id as string);
    return true;
  },
  batchOpen: async () => batches.open(),
};

process.stdout.write('READY\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, method, args } = JSON.parse(line) as { id: number; method: string; args: Args };
  const run = methods[method];
  void (run ? run(args) : Promise.reject(new Error(`no method ${method}`))).then(
    (value) => process.stdout.write(`${JSON.stringify({ id, answer: { ok: true, value } })}\n`),
    (error: unknown) =>
      process.stdout.write(
        `${JSON.stringify({ id, answer: { ok: false, error: error instanceof Error ? error.message : String(error) } })}\n`,
      ),
  );
}
