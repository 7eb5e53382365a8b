/**
 * One pack station as its own process, for the floor tests that kill a console (kill -9) and
 * start it again: floor-core's real session on the test cluster with the station's own local
 * store, and the pack station on it. Commands come as JSON lines on stdin, answers go out as
 * JSON lines on stdout ({ ev, … }).
 *
 *   tsx pack-station-child.ts <database> <station id> <station name> <store dir>
 */
import { createInterface } from 'node:readline';
import { openLocalStore } from '../../../../kernel/local-store/local-store';
import { readMigrations } from '../../db/migrate';
import { createFloorSession } from '../../floor-session';
import { clusterConnection } from '../../test-support/floor-database';
import { FloorPackStation } from '../floor-pack-station';

const [database, id, name, dir] = process.argv.slice(2) as [string, string, string, string];
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const store = await openLocalStore({ dir });
const session = createFloorSession({
  connection: clusterConnection(database),
  station: { id, name, locationId: null },
  store,
  migrations: readMigrations().filter((m) => m.version <= 2 || m.version === 7),
});
// A generous budget: these tests are about processes dying, not about a slow floor.
const station = new FloorPackStation(session, { account: 'acct-kill', scanBudgetMs: 5_000 });
say({ ev: 'ready', status: await session.ready() });

const who = (orderId: number, packer: string) => ({
  orderId,
  orderName: `#${30_000 + orderId}`,
  station: name,
  packer,
});

for await (const text of createInterface({ input: process.stdin })) {
  const cmd = JSON.parse(text) as {
    op: string;
    orderId?: number;
    orderIds?: number[];
    packer?: string;
    jobId?: string;
  };
  const orderId = cmd.orderId ?? 0;
  const packer = cmd.packer ?? 'Ana';
  if (cmd.op === 'open') {
    say({ ev: 'opened', orderId, opened: await station.open(who(orderId, packer)) });
  } else if (cmd.op === 'pack') {
    const written = await station.packed({
      ...who(orderId, packer),
      packedAt: new Date().toISOString(),
      lines: [{ sku: 'MUG-1', qty: 1, scanned: 1, byHand: 0 }],
      overrides: [],
    });
    say({ ev: 'packed', orderId, written });
  } else if (cmd.op === 'print') {
    const at = new Date().toISOString();
    const prints = (cmd.orderIds ?? [orderId]).map((o) => ({
      orderId: o,
      kind: 'labels',
      printer: `${name} Zebra`,
      jobId: cmd.jobId ?? 'job-1',
      at,
    }));
    say({ ev: 'printed', written: await station.printed(name, prints) });
  } else if (cmd.op === 'marks') {
    say({ ev: 'marks', marks: await station.marks(cmd.orderIds ?? []) });
  } else if (cmd.op === 'exit') {
    break;
  }
}
await session.close();
await store.close();
say({ ev: 'bye' });
