/**
 * The last full list kept on disk per connection (issue 16), so the next open shows it at once
 * while a fresh one loads. It is the service's own bytes, gzipped as they arrive (JSON lists
 * shrink about tenfold), written through the local store's blob files: a temporary file
 * renamed into place only when the whole list came, so a refresh that breaks off leaves the
 * old copy as it was. A list over MAX_KEPT_BYTES is not kept (the disk copy stays bounded).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { SelectedLocalStore } from '../local-store';
import type { ListStreamSource } from './list-stream';

/** Raw bytes above which a list is not kept (about 300,000 shipments). */
export const MAX_KEPT_BYTES = 400 * 1024 * 1024;

export interface KeptCopy {
  source: ListStreamSource;
  savedAt: string;
}

/** Receives a list's bytes as they arrive; keeps them only if `finish` is called. */
export interface KeptWriter {
  write(piece: Uint8Array): void;
  finish(): Promise<void>;
  fail(): void;
}

export async function readKept(
  localStore: SelectedLocalStore,
  name: string,
): Promise<KeptCopy | undefined> {
  const info = (await localStore()).getBlob(name);
  if (!info) return undefined;
  const raw = typeof info.meta.rawBytes === 'number' ? info.meta.rawBytes : undefined;
  const file = createReadStream(info.path).pipe(createGunzip());
  return {
    source: {
      body: Readable.toWeb(file) as unknown as ReadableStream<Uint8Array>,
      length: raw,
    },
    savedAt: info.savedAt,
  };
}

export async function keptWriter(
  localStore: SelectedLocalStore,
  name: string,
  log: (line: string) => void = () => {},
): Promise<KeptWriter> {
  const store = await localStore();
  const gzip = createGzip({ level: 1 });
  let rawBytes = 0;
  let abandoned = false;
  const abandon = (why: Error) => {
    if (abandoned) return;
    abandoned = true;
    gzip.destroy(why);
  };
  // The blob file takes the gzip's output as it comes; destroying the gzip fails the write,
  // which removes the temporary file and leaves the kept copy as it was.
  // The size of the service's bytes, kept so that reading the copy back can show progress.
  const saving = store
    .putBlob(name, gzip, () => ({ rawBytes }))
    .then(
      () => undefined,
      (error: Error) => {
        if (!abandoned) log(`kept list ${name}: not saved (${error.message})`);
      },
    );
  return {
    write(piece) {
      if (abandoned) return;
      rawBytes += piece.byteLength;
      if (rawBytes > MAX_KEPT_BYTES) abandon(new Error('the list is too large to keep'));
      else gzip.write(piece);
    },
    async finish() {
      if (!abandoned) gzip.end();
      await saving;
    },
    fail() {
      abandon(new Error('the list broke off'));
    },
  };
}
