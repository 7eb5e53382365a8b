/**
 * The spool folder is the queue's journal:
 *   <spoolDir>/files/<id>.pdf|.zpl   the job's own copy of the document, written first
 *   <spoolDir>/jobs/<id>.json        the job record, rewritten atomically on every state change
 * A record never points at a file that is not fully on disk, and a record on disk is always
 * either the old or the new state, never half of each (write-file-atomic renames into place
 * and fsyncs), so after a kill the folder alone says what happened to every job.
 */
import { randomUUID } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import type { PrintFormat, PrintJob } from './types.js';

const RECORD_VERSION = 1;
/** A document written ahead and never printed is removed after this (a restart sweeps it too). */
const AHEAD_TTL_MS = 15 * 60_000;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

const jobSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]+$/),
  printerId: z.string(),
  title: z.string(),
  format: z.enum(['pdf', 'zpl']),
  file: z.string(),
  copies: z.number().int().min(1),
  media: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: z.enum(['queued', 'sending', 'sent', 'failed', 'cancelled', 'may-have-printed', 'held']),
  reason: z.string().optional(),
  attempts: z.number().int().min(0),
  source: z.object({ kind: z.enum(['order', 'shipment', 'return']), ref: z.string() }).optional(),
  seq: z.number().int(),
  size: z.number().int().min(0),
  externalId: z.string().optional(),
  reprintOf: z.string().optional(),
  resolution: z.enum(['printed', 'reprinted']).optional(),
  orders: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        labels: z.number().int().min(0).optional(),
      }),
    )
    .optional(),
  pages: z
    .object({
      expected: z.number().int().min(0).optional(),
      received: z.number().int().min(0).optional(),
    })
    .optional(),
  batchId: z.string().optional(),
});

const recordSchema = z.object({ version: z.literal(RECORD_VERSION), job: jobSchema });

export class JobStore {
  readonly jobsDir: string;
  readonly filesDir: string;
  /** Per-job write chains, so two state changes of one job land on disk in the order made. */
  private readonly writes = new Map<string, Promise<void>>();
  /**
   * Documents written into the spool ahead of their job, by the bytes' identity: the pack
   * screen's label and slip, fetched while the person packs, are on disk (fsync'd) before the
   * last scan, so the print only renames them. Writing a label here costs 10-50 ms on a
   * loaded machine, most of it the fsync the person would otherwise wait for.
   */
  private readonly ahead = new WeakMap<
    Uint8Array,
    { format: PrintFormat; written: Promise<string> }
  >();

  constructor(readonly spoolDir: string) {
    this.jobsDir = path.join(spoolDir, 'jobs');
    this.filesDir = path.join(spoolDir, 'files');
  }

  /** Folders 0700 and files 0600: spooled labels and records hold names and addresses. */
  async init(): Promise<void> {
    for (const dir of [this.spoolDir, this.jobsDir, this.filesDir]) {
      await mkdir(dir, { recursive: true, mode: DIR_MODE });
      // Made by an older version with the default mode: tighten it.
      await chmod(dir, DIR_MODE);
    }
  }

  newId(): string {
    return randomUUID();
  }

  filePath(id: string, format: PrintFormat): string {
    return path.join(this.filesDir, `${id}.${format}`);
  }

  /**
   * Writes a document that is about to be printed into the spool under a name no record
   * knows (so a kill leaves a leftover that the next start removes, see loadAll); spoolFile
   * of the same bytes then takes it over with a rename.
   */
  prespool(data: Uint8Array, format: PrintFormat): void {
    if (this.ahead.has(data)) return;
    const file = path.join(this.filesDir, `ahead-${randomUUID()}.${format}`);
    const written = writeFileAtomic(file, asBuffer(data), { mode: FILE_MODE }).then(() => file);
    written.catch(() => {});
    const entry = { format, written };
    this.ahead.set(data, entry);
    setTimeout(() => {
      if (this.ahead.get(data) !== entry) return;
      this.ahead.delete(data);
      void written.then((f) => rm(f, { force: true })).catch(() => {});
    }, AHEAD_TTL_MS).unref();
  }

  /** A document written ahead (prespool) moved to the job's name; false when there is none. */
  private async takeAhead(data: Uint8Array, format: PrintFormat, file: string): Promise<boolean> {
    const entry = this.ahead.get(data);
    if (!entry || entry.format !== format) return false;
    this.ahead.delete(data);
    return entry.written.then(
      (ahead) =>
        rename(ahead, file).then(
          () => true,
          () => false,
        ),
      () => false,
    );
  }

  /** Copies the document in before any record exists, so a record always has its file. */
  async spoolFile(
    id: string,
    format: PrintFormat,
    data: Uint8Array | { path: string },
  ): Promise<{ file: string; size: number }> {
    const file = this.filePath(id, format);
    if (data instanceof Uint8Array) {
      if (await this.takeAhead(data, format, file)) return { file, size: data.byteLength };
      await writeFileAtomic(file, asBuffer(data), { mode: FILE_MODE });
    } else {
      // Copy to a temporary name and rename, so a half-copied file never has the final name.
      const tmp = `${file}.${process.pid}.tmp`;
      await copyFile(data.path, tmp);
      await chmod(tmp, FILE_MODE);
      await rename(tmp, file);
    }
    return { file, size: (await stat(file)).size };
  }

  /** Durably records the job's current state; resolves once it is on disk. */
  save(job: PrintJob): Promise<void> {
    const snapshot = JSON.stringify({ version: RECORD_VERSION, job }, null, 2);
    const target = path.join(this.jobsDir, `${job.id}.json`);
    const previous = this.writes.get(job.id) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => writeFileAtomic(target, snapshot, { mode: FILE_MODE }));
    this.writes.set(job.id, next);
    // Both branches handled: `next.finally()` alone would be a second promise rejecting with
    // the same error that nobody awaits, and an unhandled rejection ends a Node process.
    const forget = () => {
      if (this.writes.get(job.id) === next) this.writes.delete(job.id);
    };
    next.then(forget, forget);
    return next;
  }

  /** Forgets a job: record first, so a crash in between leaves an orphan file, never a dangling record. */
  async remove(job: PrintJob): Promise<void> {
    await (this.writes.get(job.id) ?? Promise.resolve()).catch(() => {});
    await rm(path.join(this.jobsDir, `${job.id}.json`), { force: true });
    await rm(job.file, { force: true });
  }

  /**
   * Reads every record. Unreadable records are moved aside (never deleted: they are evidence)
   * and reported; files with no record are leftovers of an enqueue that never finished.
   */
  async loadAll(): Promise<{ jobs: PrintJob[]; problems: string[] }> {
    const jobs: PrintJob[] = [];
    const problems: string[] = [];
    for (const name of await readdir(this.jobsDir)) {
      const full = path.join(this.jobsDir, name);
      if (name.endsWith('.unreadable')) continue;
      if (!name.endsWith('.json')) {
        // A write-file-atomic temp file from a kill: the record it would have replaced is intact.
        await rm(full, { force: true });
        continue;
      }
      try {
        const parsed = recordSchema.parse(JSON.parse(await readFile(full, 'utf8')));
        jobs.push(parsed.job);
      } catch (error) {
        problems.push(`Print job record ${name} could not be read: ${(error as Error).message}`);
        await rename(full, `${full}.unreadable`).catch(() => {});
      }
    }
    const known = new Set(jobs.map((j) => path.basename(j.file)));
    for (const name of await readdir(this.filesDir)) {
      if (!known.has(name)) await rm(path.join(this.filesDir, name), { force: true });
    }
    return { jobs, problems };
  }

  async fileExists(file: string): Promise<boolean> {
    return stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  }
}

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
