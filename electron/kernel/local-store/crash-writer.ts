/**
 * The crash test's child: commits transactions in a loop (each one two records, so a torn
 * transaction would show), printing "ack N" only after commit N resolved, until killed.
 * Usage: tsx crash-writer.ts <dir> <first-n>
 */
import { put } from './collection';
import { openLocalStore } from './local-store';
import { pairs } from './test-support';

const [dir, first] = process.argv.slice(2) as [string, string];
const store = await openLocalStore({ dir });
process.stdout.write('ready\n');
const pad = 'x'.repeat(200);
for (let n = Number(first); ; n += 1) {
  await store.commit([put(pairs, { side: 'a', n, pad }), put(pairs, { side: 'b', n, pad })]);
  process.stdout.write(`ack ${n}\n`);
}
