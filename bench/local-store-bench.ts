/**
 * `npm run bench -- local-store`: what the pack log and the other local records cost.
 * - commit latency (one durable transaction of one ~300-byte record), p50 and p95, beside the
 *   obvious alternative measured in the same run: rewriting one JSON file atomically per change
 *   (as settings.json is) with the same records, at 2,000 records already stored;
 * - open (replay) time with 100,000 records in the journal, and with them in the snapshot.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { defineCollection, openLocalStore, put } from '../electron/bridge/local-store';
import { type BenchReport, type BenchRow, percentile } from './table';

const entry = defineCollection(
  'packLog',
  z.object({ orderId: z.number().int(), station: z.string(), units: z.number(), note: z.string() }),
  (e) => String(e.orderId),
);
const record = (orderId: number) => ({
  orderId,
  station: 'Pack 3',
  units: 4,
  note: 'x'.repeat(220),
});

async function commitLatencies(stored: number, commits: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'packbench-bench-store-'));
  const store = await openLocalStore({ dir });
  for (let i = 0; i < stored; i += 500) {
    await store.commit(Array.from({ length: 500 }, (_, j) => put(entry, record(i + j))));
  }
  const samples: number[] = [];
  for (let i = 0; i < commits; i += 1) {
    const start = performance.now();
    await store.commit([put(entry, record(stored + i))]);
    samples.push(performance.now() - start);
  }
  await store.close();
  await rm(dir, { recursive: true, force: true });
  return samples;
}

async function wholeFileLatencies(stored: number, commits: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'packbench-bench-file-'));
  const records = new Map<number, unknown>();
  for (let i = 0; i < stored; i += 1) records.set(i, record(i));
  const samples: number[] = [];
  for (let i = 0; i < commits; i += 1) {
    const start = performance.now();
    records.set(stored + i, record(stored + i));
    await writeFileAtomic(path.join(dir, 'log.json'), JSON.stringify([...records.values()]));
    samples.push(performance.now() - start);
  }
  await rm(dir, { recursive: true, force: true });
  return samples;
}

async function openTimes(count: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'packbench-bench-open-'));
  const writer = await openLocalStore({ dir, compactAt: Number.POSITIVE_INFINITY });
  for (let i = 0; i < count; i += 1000) {
    await writer.commit(Array.from({ length: 1000 }, (_, j) => put(entry, record(i + j))));
  }
  await writer.close();
  let start = performance.now();
  const fromJournal = await openLocalStore({ dir });
  const journalMs = performance.now() - start;
  await fromJournal.close();
  start = performance.now();
  const fromSnapshot = await openLocalStore({ dir });
  fromSnapshot.list(entry);
  const snapshotMs = performance.now() - start;
  await fromSnapshot.close();
  await rm(dir, { recursive: true, force: true });
  return { journalMs, snapshotMs };
}

export async function runLocalStoreBench(): Promise<BenchReport> {
  const stored = 2000;
  const commits = 300;
  const journal = await commitLatencies(stored, commits);
  const whole = await wholeFileLatencies(stored, commits);
  const open = await openTimes(100_000);
  const rows: BenchRow[] = [
    { name: 'commit p50 (journal, fsync)', value: percentile(journal, 50), unit: 'ms', limit: 10 },
    { name: 'commit p95 (journal, fsync)', value: percentile(journal, 95), unit: 'ms', limit: 25 },
    {
      name: `peer: whole JSON file rewritten per change, p95 (${stored} records)`,
      value: percentile(whole, 95),
      unit: 'ms',
    },
    {
      name: 'open, 100k records replayed from the journal',
      value: open.journalMs,
      unit: 'ms',
      limit: 3000,
    },
    {
      name: 'open + read, 100k records from the snapshot',
      value: open.snapshotMs,
      unit: 'ms',
      limit: 2000,
    },
  ];
  return {
    name: 'local-store',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: { stored, commits, recordBytes: JSON.stringify(record(1)).length },
    rows,
  };
}
