/**
 * Big values of the local store (the last full shipments list is ~50 MB of JSON): whole files
 * in `<dir>/blobs/`, streamed in and out (the bench: a 32 MB value in SQLite took over ten
 * times as long to write as the file, and comes back whole, in memory). A blob is written
 * under a new unique name, fsync'd and renamed into place, and only then recorded in the
 * store; the file it replaces is deleted after that record is durable. So after a kill the
 * store names either the old file (still there) or the new one (complete), and files it does
 * not name are leftovers of an unfinished write, swept at the next open.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type Collection, LocalStoreError, put, remove, type StoreOp } from './collection';

/**
 * What blobs need of the store (local-store.ts's LocalStore, which holds a BlobFiles: named
 * here by shape so the two files do not import each other).
 */
export interface BlobRecords {
  readonly dir: string;
  get<T>(collection: Collection<T>, key: string): T | undefined;
  list<T>(collection: Collection<T>): T[];
  commit(ops: readonly StoreOp[]): Promise<void>;
}

export type BlobSource = Uint8Array | string | AsyncIterable<Uint8Array | string>;

export type BlobMeta = Record<string, unknown> | (() => Record<string, unknown>);

export interface BlobInfo {
  name: string;
  /** The file to read; valid until the blob is replaced or removed. */
  path: string;
  bytes: number;
  savedAt: string;
  meta: Record<string, unknown>;
}

const blobRecord = z.object({
  name: z.string(),
  file: z.string(),
  bytes: z.number().int().min(0),
  savedAt: z.string(),
  meta: z.record(z.string(), z.unknown()),
});

/** The store's own collection: a name with a dot, which defineCollection refuses to features. */
const blobs: Collection<z.infer<typeof blobRecord>> = {
  name: 'store.blobs',
  schema: blobRecord,
  keyOf: (b) => b.name,
};

const BLOB_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export class BlobFiles {
  constructor(private readonly store: BlobRecords) {}

  private get folder(): string {
    return path.join(this.store.dir, 'blobs');
  }

  get(name: string): BlobInfo | undefined {
    const record = this.store.get(blobs, name);
    if (!record) return undefined;
    const { file, ...rest } = record;
    return { ...rest, path: path.join(this.folder, file) };
  }

  /** `meta` may be a function: asked once every byte is written (e.g. for a size counted then). */
  async put(name: string, data: BlobSource, meta: BlobMeta): Promise<BlobInfo> {
    if (!BLOB_NAME.test(name))
      throw new LocalStoreError(`Not a blob name: ${JSON.stringify(name)}`);
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const file = `${name}.${randomUUID()}.blob`;
    const target = path.join(this.folder, file);
    const temporary = `${target}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    let bytes = 0;
    try {
      const chunks = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
      for await (const chunk of chunks) {
        // writeFile on a handle writes the whole chunk (write() may write part of it).
        await handle.writeFile(chunk);
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      }
      await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
      throw new LocalStoreError(`The ${name} file could not be saved: ${(error as Error).message}`);
    }
    await handle.close();
    await rename(temporary, target);
    await syncFolder(this.folder);
    const previous = this.store.get(blobs, name);
    const record = {
      name,
      file,
      bytes,
      savedAt: new Date().toISOString(),
      meta: typeof meta === 'function' ? meta() : meta,
    };
    await this.store.commit([put(blobs, record)]);
    if (previous && previous.file !== file) {
      await rm(path.join(this.folder, previous.file), { force: true });
    }
    return { name, path: target, bytes, savedAt: record.savedAt, meta: record.meta };
  }

  async remove(name: string): Promise<void> {
    const previous = this.store.get(blobs, name);
    if (!previous) return;
    await this.store.commit([remove(blobs, name)]);
    await rm(path.join(this.folder, previous.file), { force: true });
  }

  /** Deletes files no record names: a write a kill interrupted, or a replaced file. */
  async sweep(): Promise<void> {
    const named = new Set(this.store.list(blobs).map((b) => b.file));
    const present = await readdir(this.folder).catch(() => [] as string[]);
    for (const file of present) {
      if (!named.has(file)) await rm(path.join(this.folder, file), { force: true });
    }
  }
}

/** Makes a rename durable (POSIX); Windows cannot open a folder, and needs no such step. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}
