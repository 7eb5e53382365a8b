/**
 * The last full list kept on disk per connection (issue 16), so the next open shows it at once
 * while a fresh one loads. It is the service's own bytes, gzipped as they arrive (JSON lists
 * shrink about tenfold), written through the local store's blob files: a temporary file
 * renamed into place only when the whole list came, so a refresh that breaks off leaves the
 * old copy as it was. A list over MAX_KEPT_BYTES is not kept (the disk copy stays bounded).
 */
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BridgeFailure } from '../failure';
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

/**
 * The kept copy, or undefined when none is recorded. A recorded copy whose file is gone or
 * unreadable rejects here (KeptCopyLost), before anything is streamed; one that is cut short
 * or damaged fails its stream with a KeptCopyLost the reader can name. No error of the file
 * or the gunzip can escape as an unhandled 'error' event (which would end the host).
 */
export async function readKept(
  localStore: SelectedLocalStore,
  name: string,
): Promise<KeptCopy | undefined> {
  const info = (await localStore()).getBlob(name);
  if (!info) return undefined;
  const raw = typeof info.meta.rawBytes === 'number' ? info.meta.rawBytes : undefined;
  const handle = await open(info.path, 'r').catch((error: NodeJS.ErrnoException) => {
    void localStore()
      .then((store) => store.removeBlob(name))
      .catch(noop);
    throw new KeptCopyLost(error.code === 'ENOENT' ? 'missing' : 'unreadable');
  });
  const gunzip = createGunzip();
  // pipeline, not pipe: it listens for errors on both streams and passes the file's error on
  // to the gunzip, whose error the web stream below turns into a rejected read.
  pipeline(handle.createReadStream(), gunzip, () => {});
  // A damaged copy is let go (once), so the next read asks the service, not the same damage.
  let forgotten = false;
  const forget = () => {
    if (forgotten) return;
    forgotten = true;
    void localStore()
      .then((store) => store.removeBlob(name))
      .catch(noop);
  };
  const body = Readable.toWeb(Readable.from(namingDamage(gunzip, forget)));
  return {
    source: {
      body: body as unknown as ReadableStream<Uint8Array>,
      length: raw,
      // Junk that gunzips without complaint (a hole of zeros where the file was cut short
      // while being written, then written on) fails the list's parser before gunzip's own
      // check: still the copy's damage, not the service's list nor a connection.
      failure: (error) => {
        forget();
        return error instanceof KeptCopyLost ? error : new KeptCopyLost('damaged');
      },
    },
    savedAt: info.savedAt,
  };
}

/** A kept copy that was recorded but cannot be read back: gone, unreadable or damaged. */
export class KeptCopyLost extends BridgeFailure {
  constructor(readonly how: 'missing' | 'unreadable' | 'damaged') {
    super(
      'file_error',
      how === 'missing'
        ? 'The copy kept on disk is missing.'
        : how === 'unreadable'
          ? 'The copy kept on disk cannot be read.'
          : 'The copy kept on disk was damaged and has been set aside: load the list again.',
    );
  }
}

/**
 * Passes the bytes on; an error reading them, or a copy that reads back empty (a file cut
 * to nothing gunzips to nothing without complaint), becomes a KeptCopyLost('damaged').
 */
async function* namingDamage(
  source: AsyncIterable<Buffer>,
  onDamage: () => void,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  let damaged = false;
  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  } catch {
    damaged = true;
  }
  if (damaged || bytes === 0) {
    onDamage();
    throw new KeptCopyLost('damaged');
  }
}

const noop = () => {};

export async function keptWriter(
  localStore: SelectedLocalStore,
  name: string,
  log: (line: string) => void = () => {},
): Promise<KeptWriter> {
  const store = await localStore();
  const gzip = createGzip({ level: 1 });
  // Abandoning destroys the gzip with an error: the save's own promise reports it, and a
  // stream abandoned before the blob file took it must not raise it at the process (issue 32).
  gzip.on('error', noop);
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
    // Never throws: it runs inside the service's read loop, where a throw would end the list
    // shown as a connection broken off. A copy that cannot be kept is only not kept.
    write(piece) {
      if (abandoned) return;
      rawBytes += piece.byteLength;
      if (rawBytes > MAX_KEPT_BYTES) abandon(new Error('the list is too large to keep'));
      else {
        try {
          gzip.write(piece);
        } catch (error) {
          abandon(error instanceof Error ? error : new Error(String(error)));
        }
      }
    },
    async finish() {
      try {
        if (!abandoned) gzip.end();
      } catch (error) {
        abandon(error instanceof Error ? error : new Error(String(error)));
      }
      await saving;
    },
    fail() {
      abandon(new Error('the list broke off'));
    },
  };
}
