/**
 * A large labels batch killed for real, three times, and finished with "print the rest": a
 * child process runs a whole bridge printing 1,500 orders in chunks of 100 to Save to folder
 * (electron/test-support/batch-resume-child.ts); it is SIGKILLed while a chunk is being fetched, right
 * as a job is queued (before or after its entry is written), and as a job is being sent. Each
 * restart settles "may have printed" as a person would and prints the rest of the batch. In
 * the end every label is read back from the printed PDFs by its barcode (poppler + ZXing):
 * each selected order's labels exactly once, none missing, none twice; the orders without a
 * label were reported by name.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { type BundledChild, bundleChild } from '../../../test-support/bundled-child';
import { hasPdftoppm, labelBarcodes } from './test-support/label-barcodes';

const KEY = 'kill-resume-key-1234';
const SELECTED = 1500;
const canRead = await hasPdftoppm();
const work = mkdtempSync(join(tmpdir(), 'packbench-kill-resume-'));
let sandbox: RunningSandbox | undefined;
// Four starts of the child: bundled once instead of compiled by tsx at each start.
let child: BundledChild | undefined;
beforeAll(async () => {
  if (canRead) {
    child = await bundleChild(
      join(import.meta.dirname, '..', '..', '..', 'test-support', 'batch-resume-child.ts'),
    );
  }
});
afterAll(async () => {
  await sandbox?.close();
  await child?.dispose();
  rmSync(work, { recursive: true, force: true });
});

interface Line {
  ev: string;
  [key: string]: unknown;
}

/** Runs the child until it says done, or kills it (SIGKILL) at the first line `killAt` accepts. */
async function runChild(
  args: string[],
  killAt?: (line: Line, seen: Line[]) => boolean,
): Promise<Line[]> {
  if (!child) throw new Error('the child script was not bundled');
  const running: ChildProcess = spawn(process.execPath, [child.file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen: Line[] = [];
  let stderr = '';
  let buffered = '';
  running.stderr?.on('data', (d) => (stderr += d));
  running.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const text = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Line;
      seen.push(line);
      if (killAt?.(line, seen) && running.exitCode === null) running.kill('SIGKILL');
    }
  });
  const [code, signal] = (await once(running, 'exit')) as [number | null, string | null];
  if (killAt)
    expect(signal, `the child should have been killed; stderr: ${stderr}`).toBe('SIGKILL');
  else expect(code, `the child failed: ${stderr}`).toBe(0);
  return seen;
}

describe.skipIf(!canRead)(
  canRead ? 'kill -9 three times in a large batch' : 'kill -9 in a batch (skipped: no pdftoppm)',
  () => {
    it('prints every selected order exactly once overall', { timeout: 600_000 }, async () => {
      // Slow enough that a chunk's fetch is a window to kill in.
      sandbox = await startSandbox({
        port: 0,
        keys: [KEY],
        rate: 0,
        faults: { latencyMs: 100, latencyJitterMs: 0 },
      });
      const orders: {
        id: number;
        order_name?: string | null;
        shipments: { label_url?: string | null; tracking_number?: string | null }[];
      }[] = [];
      for (let page = 1; orders.length < SELECTED; page++) {
        const r = await fetch(`${sandbox.url}/api/orders/?page=${page}&page_size=1000`, {
          headers: { 'X-API-Key': KEY },
        });
        orders.push(...((await r.json()) as { results: typeof orders }).results);
      }
      const selected = orders.slice(0, SELECTED);
      const expected = selected.flatMap((o) =>
        o.shipments.filter((s) => s.label_url).map((s) => s.tracking_number ?? ''),
      );
      const withoutLabel = selected
        .filter((o) => !o.shipments.some((s) => s.label_url))
        .map((o) => o.order_name?.trim() || `Order ${o.id}`);
      expect(withoutLabel.length).toBeGreaterThan(0);
      const base = [join(work, 'config'), sandbox.url, KEY];

      // 1. While a chunk is being fetched (three queued already).
      const first = await runChild(
        [...base, 'start', JSON.stringify(selected.map((o) => o.id))],
        (l) => l.ev === 'progress' && l.phase === 'Printing labels' && (l.done as number) >= 3,
      );
      // 2. The moment a second new job of the rest is queued (its entry may not be written yet).
      const known = new Set(first.filter((l) => l.ev === 'job').map((l) => l.id as string));
      const queuedIds = new Set<string>();
      const second = await runChild([...base, 'resume'], (l) => {
        if (l.ev === 'job' && l.state === 'queued' && !known.has(l.id as string)) {
          queuedIds.add(l.id as string);
        }
        return queuedIds.size >= 2;
      });
      // 3. As a job is being sent.
      const third = await runChild(
        [...base, 'resume'],
        (l) => l.ev === 'job' && l.state === 'sending',
      );
      // 4. To the end: nothing is killed now, so nothing needs the latency (it cost this run
      // 0.1 s on each of its requests: the orders' pages, then every chunk left).
      sandbox.faults.clear();
      const last = await runChild([...base, 'resume']);

      // Each restart that got as far as asking found the one batch, with orders still to print
      // (the third may be killed before it asks: a job left queued is sent first).
      for (const run of [second, third, last]) {
        const listed = run.find((l) => l.ev === 'interrupted')?.batches as
          | { notReached: unknown[] }[]
          | undefined;
        if (run === third && !listed) continue;
        expect(listed).toHaveLength(1);
        expect(listed?.[0]?.notReached.length).toBeGreaterThan(0);
      }
      expect(last.at(-1)).toMatchObject({ ev: 'done', interrupted: [] });

      // The last "print the rest" accounts for the whole batch: the orders without a label by
      // name (found in the first run, which never got to answer), and nothing left.
      const outcome = last.find((l) => l.ev === 'outcome')?.outcome as {
        skipped: { cause: string; orders: { name: string }[] }[];
        batch: { selected: number; notReached: number; state: string };
      };
      expect(outcome.batch).toMatchObject({ selected: SELECTED, notReached: 0, state: 'finished' });
      expect(outcome.skipped.map((s) => s.cause)).toEqual(['no_label']);
      expect(outcome.skipped[0]?.orders.map((o) => o.name)).toEqual(withoutLabel);

      // Every label on paper once: read back by barcode from every file printed.
      const folder = join(work, 'config', 'printed');
      const files = readdirSync(folder).filter((f) => f.endsWith('.pdf') && !f.startsWith('.'));
      const read: (string | null)[] = [];
      for (const f of files) read.push(...(await labelBarcodes(join(folder, f))));
      expect(read.filter((t) => t === null)).toEqual([]);
      expect(read.length).toBe(expected.length);
      expect([...read].sort()).toEqual([...expected].sort());
    });
  },
);
