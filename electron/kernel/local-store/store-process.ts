/**
 * A console process's hold on a connection's store, for the two-process test: opens the
 * store in <dir>, prints "ready" (or "refused <message>"), then obeys stdin lines:
 * "commit <n>" commits record n and prints "ack <n>"; "close" closes and exits.
 * Usage: tsx store-process.ts <dir>
 */
import { createInterface } from 'node:readline';
import { put } from './collection';
import { openLocalStore } from './local-store';
import { marks } from './test-support';

const [dir] = process.argv.slice(2) as [string];
let store: Awaited<ReturnType<typeof openLocalStore>>;
try {
  store = await openLocalStore({ dir, lockWaitMs: 200 });
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
  process.exit(0);
}
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, n] = line.split(' ');
  if (command === 'commit') {
    await store.commit([put(marks, { id: Number(n), note: `from ${process.pid}` })]);
    process.stdout.write(`ack ${n}\n`);
  } else if (command === 'close') {
    await store.close();
    process.exit(0);
  }
}
