/**
 * `npm run bench -- local-store`: the local store on SQLite beside the journal store it
 * replaced (bench/local-store-journal.ts, kept here only as this peer), in the same run:
 * - commit latency: one durable transaction of one ~300-byte record at 2,000 records stored,
 *   p50 and p95 (SQLite's p95 should be at most the journal's, measured just before);
 * - open with 100,000 records (and one read), beside the journal replaying them and reading
 *   its snapshot;
 * - "Packed today": the pack log's records since midnight among 100,000 (1,000 a day over 100
 *   days), the indexed query beside the journal's way (every record listed, filtered, sorted):
 *   the first ask after open (each row parsed and checked) and 20 asks in a row (p50, p95;
 *   rows unchanged since the last ask are not checked again);
 * - the files' size for 100,000 records;
 * - a 32 MB blob (a kept shipments list) written and read back as a file (blob-files.ts) and
 *   as one SQLite value: the reason big lists stay files.
 * node:sqlite is imported when the bench runs, so the other benches still load where the
 * machine's Node has no node:sqlite.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defineCollection, put, type StoreOp } from '../electron/kernel/local-store/collection';
import type { PackRecord } from '../shared/contract/packing-values';
import { type JournalStore, openJournalStore } from './local-store-journal';
import { type BenchReport, type BenchRow, percentile } from './table';

const entry = defineCollection(
  'bench-records',
  z.object({ orderId: z.number().int(), station: z.string(), units: z.number(), note: z.string() }),
  (e) => String(e.orderId),
);
const record = (orderId: number) => ({
  orderId,
  station: 'Pack 3',
  units: 4,
  note: 'x'.repeat(220),
});

const RECORDS = 100_000;
const PER_DAY = 1000;
const LAST_DAY = Date.UTC(2026, 10, 27);
/** A pack-log record as a station writes it (~330 bytes of JSON), n-th packed. */
function pack(n: number): PackRecord {
  const day = LAST_DAY - Math.floor((RECORDS - 1 - n) / PER_DAY) * 86_400_000;
  const at = new Date(day + 6 * 3_600_000 + (n % PER_DAY) * 40_000).toISOString();
  return {
    orderId: 100_000 + n,
    orderName: `#${100_000 + n}`,
    packedAt: at,
    packedBy: 'ana',
    station: 'Pack 3',
    lines: [{ sku: 'MUG-RED-12', qty: 2, scanned: 2, byHand: 0 }],
    printed: [{ kind: 'label', printer: 'Zebra ZD421', jobId: `job-${n}`, at }],
    times: 1,
  };
}

type Store = {
  commit(ops: readonly StoreOp[]): Promise<void>;
  close(): Promise<void>;
};
const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), `packbench-bench-${name}-`));

async function fill(store: Store, count: number, make: (n: number) => StoreOp): Promise<void> {
  for (let i = 0; i < count; i += 1000) {
    await store.commit(Array.from({ length: Math.min(1000, count - i) }, (_, j) => make(i + j)));
  }
}

/**
 * One commit to each store in turn (which first alternates), so both see the same load on a
 * shared machine; `stored` records in each first.
 */
async function commitLatencies(stores: readonly Store[], stored: number, commits: number) {
  for (const store of stores) await fill(store, stored, (n) => put(entry, record(n)));
  const samples = stores.map(() => [] as number[]);
  for (let i = 0; i < commits; i += 1) {
    for (let j = 0; j < stores.length; j += 1) {
      const which = (i + j) % stores.length;
      const start = performance.now();
      await stores[which]!.commit([put(entry, record(stored + i))]);
      samples[which]!.push(performance.now() - start);
    }
  }
  for (const store of stores) await store.close();
  return samples;
}

async function folderBytes(dir: string, names: (name: string) => boolean): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(dir)) {
    if (names(name)) bytes += (await stat(path.join(dir, name))).size;
  }
  return bytes;
}

export async function runLocalStoreBench(): Promise<BenchReport> {
  const { openLocalStore } = await import('../electron/kernel/local-store/local-store');
  const { packedSince } = await import('../electron/kernel/local-store/record-queries');
  const { packLog } = await import('../electron/domains/packing/pack-log-store');
  const stored = 2000;
  const commits = 300;
  const dirs: string[] = [];
  const dir = async (name: string) => {
    const made = await tempDir(name);
    dirs.push(made);
    return made;
  };

  // Commit latency, both stores in turn.
  const [journalCommits = [], sqliteCommits = []] = await commitLatencies(
    [
      await openJournalStore({ dir: await dir('journal-commit') }),
      await openLocalStore({ dir: await dir('sqlite-commit') }),
    ],
    stored,
    commits,
  );

  // 100,000 pack-log records in each store.
  const journalDir = await dir('journal-open');
  const writer = await openJournalStore({ dir: journalDir, compactAt: Number.POSITIVE_INFINITY });
  await fill(writer, RECORDS, (n) => put(packLog, pack(n)));
  await writer.close();
  const journalFileBytes = await folderBytes(journalDir, (n) => n === 'journal.jsonl');
  let start = performance.now();
  const replayed = await openJournalStore({ dir: journalDir });
  const journalOpenMs = performance.now() - start;
  await replayed.close();
  const snapshotBytes = await folderBytes(journalDir, (n) => n === 'snapshot.json');
  start = performance.now();
  const fromSnapshot: JournalStore = await openJournalStore({ dir: journalDir });
  fromSnapshot.list(packLog);
  const snapshotOpenMs = performance.now() - start;
  // The journal's "Packed today": every record listed, filtered and sorted (the old way).
  const since = new Date(LAST_DAY).toISOString();
  const journalToday: number[] = [];
  let journalTodayCount = 0;
  for (let i = 0; i < 20; i += 1) {
    start = performance.now();
    const from = Date.parse(since);
    const today = fromSnapshot
      .list(packLog)
      .filter((r) => Date.parse(r.packedAt) >= from)
      .sort((a, b) => Date.parse(b.packedAt) - Date.parse(a.packedAt));
    journalToday.push(performance.now() - start);
    journalTodayCount = today.length;
  }
  await fromSnapshot.close();

  const sqliteDir = await dir('sqlite-open');
  const sqliteWriter = await openLocalStore({ dir: sqliteDir });
  await fill(sqliteWriter, RECORDS, (n) => put(packLog, pack(n)));
  await sqliteWriter.close();
  const sqliteBytes = await folderBytes(sqliteDir, (n) => n.startsWith('store.sqlite'));
  start = performance.now();
  const sqlite = await openLocalStore({ dir: sqliteDir });
  sqlite.get(packLog, String(100_000 + RECORDS - 1));
  const sqliteOpenMs = performance.now() - start;
  const sqliteToday: number[] = [];
  let sqliteTodayCount = 0;
  // CPU time too: the ask is synchronous, so its CPU time is its cost on a machine that is
  // not shared (wall time here includes waiting for a core).
  const sqliteTodayCpu: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    start = performance.now();
    const cpu = process.cpuUsage();
    sqliteTodayCount = sqlite.select(packLog, packedSince, { since }).length;
    sqliteToday.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    sqliteTodayCpu.push((used.user + used.system) / 1000);
  }
  if (sqliteTodayCount !== journalTodayCount || sqliteTodayCount !== PER_DAY) {
    throw new Error(`Packed today: ${sqliteTodayCount} in SQLite, ${journalTodayCount} journal`);
  }

  // A big blob both ways: a file (streamed in and out) and one SQLite value.
  const blob = Buffer.alloc(32 * 1024 * 1024, 'shipment,');
  start = performance.now();
  const saved = await sqlite.putBlob('bench-list', blob, {});
  const fileWriteMs = performance.now() - start;
  start = performance.now();
  for await (const _ of createReadStream(saved.path)) {
    // Read through, as the kept list's reader does.
  }
  const fileReadMs = performance.now() - start;
  await sqlite.close();
  const { DatabaseSync } = await import('node:sqlite');
  const blobDir = await dir('sqlite-blob');
  await writeFile(path.join(blobDir, 'b.sqlite'), '');
  const db = new DatabaseSync(path.join(blobDir, 'b.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE b (v BLOB)');
  start = performance.now();
  db.prepare('INSERT INTO b (v) VALUES (?)').run(blob);
  const sqliteBlobWriteMs = performance.now() - start;
  start = performance.now();
  const back = db.prepare('SELECT v FROM b').get() as { v: Uint8Array };
  const sqliteBlobReadMs = performance.now() - start;
  if (back.v.byteLength !== blob.byteLength) throw new Error('the blob came back short');
  db.close();

  for (const made of dirs) await rm(made, { recursive: true, force: true });
  const per100k = (bytes: number) => bytes / (1024 * 1024);
  // Issue 34: each target names its peer, the journal measured in this run.
  const journalToday50 = {
    kind: 'peer' as const,
    name: '"Packed today" from the journal (every record listed, filtered, sorted), p50',
    value: percentile(journalToday, 50),
  };
  const rows: BenchRow[] = [
    {
      name: 'commit p50 (SQLite, WAL, synchronous FULL)',
      value: percentile(sqliteCommits, 50),
      unit: 'ms',
    },
    {
      name: 'commit p95 (SQLite)',
      value: percentile(sqliteCommits, 95),
      unit: 'ms',
      base: {
        kind: 'peer',
        name: 'commit p95 (journal, fsync)',
        value: percentile(journalCommits, 95),
      },
      limit: 1,
    },
    {
      name: 'peer: commit p50 (journal, fsync)',
      value: percentile(journalCommits, 50),
      unit: 'ms',
    },
    {
      name: 'peer: commit p95 (journal, fsync)',
      value: percentile(journalCommits, 95),
      unit: 'ms',
    },
    {
      name: 'open with 100k records + one read (SQLite)',
      value: sqliteOpenMs,
      unit: 'ms',
      base: {
        kind: 'peer',
        name: 'open, 100k records replayed from the journal',
        value: journalOpenMs,
      },
      limit: 300,
      limitOn: 'value',
    },
    {
      name: 'peer: open, 100k records replayed from the journal',
      value: journalOpenMs,
      unit: 'ms',
    },
    {
      name: 'peer: open + read, 100k records from the snapshot',
      value: snapshotOpenMs,
      unit: 'ms',
    },
    {
      name: `"Packed today" (${PER_DAY} of 100k pack-log records), p50 (SQLite, indexed query)`,
      value: percentile(sqliteToday, 50),
      unit: 'ms',
      base: journalToday50,
      limit: 20,
      limitOn: 'value',
    },
    {
      name: '"Packed today", the first ask after open (SQLite: every record parsed and checked)',
      value: sqliteToday[0] ?? Number.NaN,
      unit: 'ms',
      base: journalToday50,
      limit: 20,
      limitOn: 'value',
    },
    {
      name: '"Packed today", CPU time p50 (SQLite, indexed query)',
      value: percentile(sqliteTodayCpu, 50),
      unit: 'ms',
      base: journalToday50,
      limit: 20,
      limitOn: 'value',
    },
    {
      name: '"Packed today", p95 (SQLite, indexed query)',
      value: percentile(sqliteToday, 95),
      unit: 'ms',
      base: journalToday50,
      limit: 20,
      limitOn: 'value',
    },
    {
      name: 'peer: "Packed today", p50 (journal: every record listed, filtered, sorted)',
      value: percentile(journalToday, 50),
      unit: 'ms',
    },
    { name: 'file size, 100k pack-log records (SQLite)', value: per100k(sqliteBytes), unit: 'MiB' },
    {
      name: 'peer: file size, 100k pack-log records (journal)',
      value: per100k(journalFileBytes),
      unit: 'MiB',
    },
    {
      name: 'peer: file size, 100k pack-log records (snapshot)',
      value: per100k(snapshotBytes),
      unit: 'MiB',
    },
    { name: '32 MB blob written as a file (fsync)', value: fileWriteMs, unit: 'ms' },
    { name: '32 MB blob read back from the file (streamed)', value: fileReadMs, unit: 'ms' },
    {
      name: 'peer: 32 MB blob written as one SQLite value',
      value: sqliteBlobWriteMs,
      unit: 'ms',
    },
    {
      name: 'peer: 32 MB blob read back from SQLite (whole, in memory)',
      value: sqliteBlobReadMs,
      unit: 'ms',
    },
  ];
  return {
    name: 'local-store',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: {
      stored,
      commits,
      recordBytes: JSON.stringify(record(1)).length,
      records: RECORDS,
      packRecordBytes: JSON.stringify(pack(1)).length,
      packedPerDay: PER_DAY,
    },
    rows,
  };
}
