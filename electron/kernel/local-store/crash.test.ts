/**
 * The crash story for real: a separate process commits two-record transactions in a loop and
 * prints each acknowledged one; it is SIGKILLed at random moments (mid-append, mid-compaction,
 * anywhere). After every kill the folder is reopened: every acknowledged transaction is there,
 * and no transaction is there by half.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundleChild } from '../../test-support/bundled-child';
import { openLocalStore } from './local-store';
import { pairs, tempStoreDir } from './test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
// Twelve writer starts: bundled once instead of compiled by tsx at each start.
let writer: BundledChild | undefined;
beforeAll(async () => {
  writer = await bundleChild(path.join(here, 'crash-writer.ts'));
});
afterAll(async () => {
  await writer?.dispose();
});

/** Runs the writer until it has acknowledged `acks` more transactions, then kills it. */
function writeAndKill(dir: string, first: number, acks: number): Promise<number[]> {
  if (!writer) throw new Error('the writer script was not bundled');
  const child = spawn(process.execPath, [writer.file, dir, String(first)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: number[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (data) => {
      buffer += data;
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
        end = buffer.indexOf('\n');
      }
      if (acked.length >= acks && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`the writer exited by itself (${code}): ${stderr}`));
    });
  });
}

describe('kill -9 at random points', () => {
  it('loses no acknowledged transaction and keeps none by half', async () => {
    const dir = await tempStoreDir();
    // Seeded, so a failure can be replayed: acknowledgements before each kill.
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const acknowledged = new Set<number>();
    let next = 1;
    for (let run = 0; run < 12; run += 1) {
      const acked = await writeAndKill(dir, next, 1 + Math.floor(random() * 150));
      for (const n of acked) acknowledged.add(n);
      next = Math.max(next, ...acked) + 1000;

      const problems: string[] = [];
      const store = await openLocalStore({ dir, onProblem: (m) => problems.push(m) });
      const present = new Map<number, Set<string>>();
      for (const p of store.list(pairs)) {
        present.set(p.n, (present.get(p.n) ?? new Set()).add(p.side));
      }
      await store.close();
      for (const n of acknowledged)
        expect(present.get(n), `transaction ${n}`).toEqual(new Set(['a', 'b']));
      for (const [n, sides] of present) expect(sides.size, `transaction ${n} by half`).toBe(2);
      // Only a torn last line may be reported; damage in the middle would be a real bug.
      for (const p of problems) expect(p).toMatch(/unfinished last change/);
    }
    expect(acknowledged.size).toBeGreaterThan(12);
  }, 120_000);
});
