/**
 * The shipments list read as it arrives, against the sandbox over real HTTP: rows come in
 * chunks before the list ends, every row arrives once, a malformed element is set aside and
 * named, and a connection cut part-way ends with a clear error after the rows before the cut.
 */
import { readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type ShipmentListItem, toShipmentListItem } from '@shared/contract/shipment-list-item';
import type { Api, ListChunk } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import type { ApiHandlers } from '../../main/create-api-handlers';
import { quickHandlers } from '../../test-support/quick-handlers';
import { isBridgeFailure } from '../failure';
import { openLocalStore, type SelectedLocalStore } from '../local-store';
import { tempStoreDir } from '../local-store/test-support';
import { callContext } from '../test-support/call-context';
import { type CuttingProxy, startCuttingProxy } from '../test-support/cutting-proxy';
import { CHUNK_ROWS, FIRST_CHUNK_ROWS } from './list-stream';

const KEY = 'pk_list_stream_0123456789';
const ctx = callContext();
type Shipment = Api['ShipmentList'];

const handlersFor = (baseUrl: string, localStore?: SelectedLocalStore) =>
  quickHandlers(baseUrl, KEY, localStore);

/** Every chunk of one streamed read of the shipments, or the error it ended with. */
async function readAll(h: ApiHandlers, fresh?: boolean) {
  const { streamId, keptAt } = await h.shipmentsStream(fresh ? { fresh } : {}, ctx);
  const chunks: ListChunk<ShipmentListItem>[] = [];
  const rows: ShipmentListItem[] = [];
  try {
    for (let done = false; !done; ) {
      const chunk = await h.shipmentsStreamRead({ streamId, from: rows.length }, ctx);
      chunks.push(chunk);
      rows.push(...chunk.rows);
      done = chunk.done;
    }
    return { chunks, rows, keptAt, error: undefined };
  } catch (error) {
    return { chunks, rows, keptAt, error };
  }
}

describe('shipments read as they arrive', () => {
  let sandbox: RunningSandbox;
  let whole: Shipment[];
  let odd: Server;
  let proxy: CuttingProxy;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      keys: [KEY],
      rate: 0,
      // 3,156 shipments: a first chunk, a whole one and the rest (FIRST_CHUNK_ROWS, CHUNK_ROWS).
      // Scale 5 (6,351) read them eleven times over for the same checks: most of the file's CPU.
      scale: 2.5,
      now: new Date('2026-11-22T00:00:00Z'),
    });
    whole = await handlersFor(sandbox.url).shipmentsList({}, ctx);
    // A server that is not the sandbox: the sandbox's list with its third element broken, its
    // fifth's package count past 2^53 and its sixth holding 1e999 in a field not described
    // (written as text: JSON.stringify cannot write 1e999, a server's own writer can).
    odd = createServer((_req, res) => {
      const broken = whole.map((s, i) => (i === 2 ? { ...s, created_at: 12 } : s));
      const text = broken.map((s, i) => {
        const json = JSON.stringify(s);
        if (i === 4)
          return json.replace(/"package_count":\d+/, '"package_count":12345678901234567890');
        return i === 5 ? `${json.slice(0, -1)},"next_year":1e999}` : json;
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`[${text.join(',')}]`);
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    proxy = await startCuttingProxy({
      upstream: sandbox.url,
      framing: () => 'length',
      cut: (path, body) => (path.includes('shipments') ? Math.floor(body.length / 2) : undefined),
    });
  });

  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => odd?.close(resolve));
    await sandbox?.close();
  });

  it('hands over the first rows before the list ends, then every row once, in order', async () => {
    // More than a screenful and a whole chunk after it (the chunks' sizes, list-stream.ts).
    expect(whole.length).toBeGreaterThan(FIRST_CHUNK_ROWS + CHUNK_ROWS);
    const { chunks, rows, error } = await readAll(handlersFor(sandbox.url));
    expect(error).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]!.done).toBe(false);
    // The first chunk is a screenful (FIRST_CHUNK_ROWS), handed over without waiting for more.
    expect(chunks[0]!.rows.length).toBeGreaterThan(0);
    expect(chunks[0]!.rows.length).toBeLessThan(CHUNK_ROWS);
    expect(rows.map((r) => r.shipment_id)).toEqual(whole.map((s) => s.shipment_id));
    // Each row is the list's part of the shipment, field for field, and no more.
    expect(rows).toEqual(whole.map(toShipmentListItem));
    expect(rows[0]).not.toHaveProperty('ship_from');
    expect(rows[0]!.ship_to).toEqual({
      name: whole[0]!.ship_to.name,
      address: {
        location_name: whole[0]!.ship_to.address.location_name,
        city: whole[0]!.ship_to.address.city,
        country_code: whole[0]!.ship_to.address.country_code,
      },
    });
    const last = chunks.at(-1)!;
    expect(last.loaded).toBe(whole.length);
    expect(last.bytes).toBeGreaterThan(0);
    expect(chunks.flatMap((c) => c.setAside)).toEqual([]);
  });

  it('sets a malformed element aside, names it and keeps the rest', async () => {
    const port = (odd.address() as AddressInfo).port;
    const { chunks, rows, error } = await readAll(handlersFor(`http://127.0.0.1:${port}`));
    expect(error).toBeUndefined();
    expect(rows).toHaveLength(whole.length - 2);
    const setAside = chunks.flatMap((c) => c.setAside);
    expect(setAside).toEqual([
      { index: 2, id: whole[2]!.shipment_id, problem: expect.stringMatching(/created_at/) },
      {
        index: 4,
        id: whole[4]!.shipment_id,
        problem: 'package_count is 1.235e+19, too large to be exact',
      },
    ]);
    // A field the API does not describe is ignored, whatever it holds (the spec: clients
    // ignore fields they do not recognise).
    expect(rows.map((r) => r.shipment_id)).toContain(whole[5]!.shipment_id);
  });

  it('ends a cut connection with a clear error after the rows before the cut', async () => {
    const { rows, error } = await readAll(handlersFor(proxy.url));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(whole.length);
    expect(rows.map((r) => r.shipment_id)).toEqual(
      whole.slice(0, rows.length).map((s) => s.shipment_id),
    );
    expect(isBridgeFailure(error)).toBe(true);
    if (!isBridgeFailure(error)) return;
    expect(['network', 'timeout']).toContain(error.error.code);
    expect(error.message).toMatch(/shipments|connection/i);
  });

  it('keeps the last full list on disk, shows it with its age, and keeps it when a refresh breaks off', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    const localStore = async () => store;
    try {
      // Nothing kept yet: the service's list, kept once it has all come.
      const first = await readAll(handlersFor(sandbox.url, localStore));
      expect(first.keptAt).toBeUndefined();
      expect(first.rows).toHaveLength(whole.length);
      await expect.poll(() => store.getBlob('shipments-list')).toBeDefined();
      const saved = store.getBlob('shipments-list')!;
      // Compact: gzip of the service's bytes, far smaller than the JSON.
      expect(saved.bytes).toBeLessThan(JSON.stringify(whole).length / 4);

      // The next open reads the kept copy (even with the service cut off), with its age.
      const kept = await readAll(handlersFor(proxy.url, localStore));
      expect(kept.error).toBeUndefined();
      expect(kept.keptAt).toBe(saved.savedAt);
      expect(kept.rows.map((r) => r.shipment_id)).toEqual(whole.map((s) => s.shipment_id));
      expect(kept.chunks.at(-1)!.totalBytes).toBeGreaterThan(0);

      // A refresh that breaks off fails clearly and leaves the kept copy as it was: checked
      // once every write of the copy it started has ended (not after a sleep).
      const writes: Promise<unknown>[] = [];
      const watched = async () =>
        Object.assign(Object.create(store) as typeof store, {
          putBlob: (...args: Parameters<typeof store.putBlob>) => {
            const writing = store.putBlob(...args);
            writes.push(writing);
            return writing;
          },
        });
      const refresh = await readAll(handlersFor(proxy.url, watched), true);
      expect(refresh.keptAt).toBeUndefined();
      expect(isBridgeFailure(refresh.error)).toBe(true);
      await Promise.allSettled(writes);
      expect(store.getBlob('shipments-list')).toEqual(saved);
      const again = await readAll(handlersFor(proxy.url, localStore));
      expect(again.rows).toHaveLength(whole.length);
    } finally {
      await store.close();
    }
  });

  it('a kept copy deleted or damaged under it: the service is asked, or the list says the copy broke, and lets it go', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    const localStore = async () => store;
    try {
      await readAll(handlersFor(sandbox.url, localStore));
      await expect.poll(() => store.getBlob('shipments-list')).toBeDefined();
      // Deleted: read from the service instead (no kept age), and kept again.
      await rm(store.getBlob('shipments-list')!.path);
      const fresh = await readAll(handlersFor(sandbox.url, localStore));
      expect(fresh.error).toBeUndefined();
      expect(fresh.keptAt).toBeUndefined();
      expect(fresh.rows).toHaveLength(whole.length);
      await expect.poll(() => store.getBlob('shipments-list')).toBeDefined();
      // Cut short: the rows before the damage, then a sentence naming the kept copy.
      const file = store.getBlob('shipments-list')!.path;
      await truncate(file, Math.floor((await stat(file)).size / 2));
      const damaged = await readAll(handlersFor(sandbox.url, localStore));
      expect(damaged.keptAt).toBeDefined();
      expect(damaged.rows.length).toBeLessThan(whole.length);
      expect(isBridgeFailure(damaged.error)).toBe(true);
      expect((damaged.error as Error).message).toBe(
        'The copy kept on disk was damaged and has been set aside: load the list again.',
      );
      // Let go: the next open asks the service.
      await expect.poll(() => store.getBlob('shipments-list')).toBeUndefined();
      const after = await readAll(handlersFor(sandbox.url, localStore));
      expect(after.keptAt).toBeUndefined();
      expect(after.rows).toHaveLength(whole.length);
    } finally {
      await store.close();
    }
  });

  it('a kept copy that reads back as junk is named damaged and let go, not taken for the service breaking off', async () => {
    const store = await openLocalStore({ dir: await tempStoreDir() });
    const localStore = async () => store;
    /** Reads the kept copy back: the sentence that sets it aside, then the service's list. */
    const expectSetAside = async () => {
      const damaged = await readAll(handlersFor(sandbox.url, localStore));
      expect(damaged.keptAt).toBeDefined();
      expect(damaged.rows.length).toBeLessThan(whole.length);
      // file_error is what the renderer answers by reading the service again by itself.
      expect(isBridgeFailure(damaged.error) && damaged.error.error.code).toBe('file_error');
      expect((damaged.error as Error).message).toBe(
        'The copy kept on disk was damaged and has been set aside: load the list again.',
      );
      await expect.poll(() => store.getBlob('shipments-list')).toBeUndefined();
      const after = await readAll(handlersFor(sandbox.url, localStore));
      expect(after.error).toBeUndefined();
      expect(after.keptAt).toBeUndefined();
      expect(after.rows).toHaveLength(whole.length);
      await expect.poll(() => store.getBlob('shipments-list')).toBeDefined();
    };
    try {
      await readAll(handlersFor(sandbox.url, localStore));
      await expect.poll(() => store.getBlob('shipments-list')).toBeDefined();
      // Junk that gunzips cleanly: the list's parser fails on it, gunzip never does.
      const kept = store.getBlob('shipments-list')!;
      const raw = gunzipSync(await readFile(kept.path));
      const junk = Buffer.concat([raw.subarray(0, raw.length >> 1), Buffer.from('\u0000\u00ff{[')]);
      await store.putBlob('shipments-list', gzipSync(junk), { rawBytes: raw.length });
      await expectSetAside();
      // A hole of zeros in the middle: a file cut short while it was being written, then
      // written on from where the writer was (what the chaos spec's harm can leave).
      const file = store.getBlob('shipments-list')!.path;
      const bytes = await readFile(file);
      bytes.fill(0, bytes.length >> 1, (bytes.length >> 1) + 512);
      await writeFile(file, bytes);
      await expectSetAside();
    } finally {
      await store.close();
    }
  });
});
