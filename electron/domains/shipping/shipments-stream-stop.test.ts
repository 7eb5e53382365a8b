/**
 * Stop and resume of the shipments list read as it arrives (issue 32): a Stop ends the one
 * request to the service at once (the server sees its connection closed, and no request comes
 * after it), hands over the rows that came, and keeps nothing on disk as the whole list; a
 * resume asks the service again and hands over only the shipments after those already held,
 * so the rows held and the rows resumed are the whole list, each once, in order.
 */
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShipmentListItem } from '@shared/contract/shipment-list-item';
import type { Api, ListChunk } from '@shared/contract/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';
import { openLocalStore } from '../../kernel/local-store';
import { tempStoreDir } from '../../kernel/local-store/test-support';
import { CHUNK_ROWS } from '../../kernel/operations/list-stream';
import { callContext } from '../../kernel/test-support/call-context';
import type { ApiHandlers } from '../../main/create-api-handlers';
import { quickHandlers } from '../../test-support/quick-handlers';

const KEY = 'pk_stream_stop_0123456789';
const ctx = callContext();
const SHIPMENTS_PATH = '/api/shipping/v1/shipments/';

/** Reads chunks until `enough` rows came (or the list ended). */
async function readUntil(h: ApiHandlers, streamId: string, enough: number) {
  const rows: ShipmentListItem[] = [];
  for (;;) {
    const chunk = await h.shipmentsStreamRead({ streamId, from: rows.length }, ctx);
    rows.push(...chunk.rows);
    if (chunk.done || rows.length >= enough) return { rows, done: chunk.done };
  }
}

describe('the shipments list stopped and resumed', () => {
  let sandbox: RunningSandbox;
  let whole: Api['ShipmentList'][];
  /** Serves the sandbox's list: the first HOLD elements, then holds the connection open. */
  let holding: Server;
  const HOLD = 300;
  const seen: IncomingMessage[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, scale: 2 });
    whole = await quickHandlers(sandbox.url, KEY).shipmentsList({}, ctx);
    holding = createServer((req, res) => {
      seen.push(req);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(
        `[${whole
          .slice(0, HOLD)
          .map((s) => JSON.stringify(s))
          .join(',')},`,
      );
      // Never ended: only the console's stop lets this answer go.
    });
    await new Promise<void>((resolve) => holding.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    holding?.closeAllConnections();
    await new Promise((resolve) => holding?.close(resolve));
    await sandbox?.close();
  });

  it('a stop ends the request now, hands over what came, and asks nothing more', async () => {
    const port = (holding.address() as AddressInfo).port;
    const h = quickHandlers(`http://127.0.0.1:${port}`, KEY);
    const { streamId } = await h.shipmentsStream({ fresh: true }, ctx);
    const first = await readUntil(h, streamId, 1);
    expect(first.done).toBe(false);
    expect(seen).toHaveLength(1);
    const socket = seen[0]!.socket;
    // The console's end of the connection goes: a reset is how the server may hear it.
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const last = (await h.shipmentsStreamRead(
      { streamId, from: first.rows.length, stop: true },
      ctx,
    )) as ListChunk<ShipmentListItem>;
    expect(last.stopped).toBe(true);
    expect(last.done).toBe(false);
    // What came before the stop, each once, in order; none after it.
    const held = [...first.rows, ...last.rows];
    expect(held.length).toBeLessThanOrEqual(HOLD);
    expect(held.map((r) => r.shipment_id)).toEqual(
      whole.slice(0, held.length).map((s) => s.shipment_id),
    );
    // The service sees its connection closed: the request is over, not left to idle out.
    await closed;
    expect(seen).toHaveLength(1);
    // The stream is gone: reading it again says so in words.
    await expect(h.shipmentsStreamRead({ streamId, from: held.length }, ctx)).rejects.toThrow(
      'That list is no longer being read',
    );
    expect(seen).toHaveLength(1);
  });

  it('a stopped list is not kept as the whole list', async () => {
    const port = (holding.address() as AddressInfo).port;
    const dir = await tempStoreDir();
    const store = await openLocalStore({ dir });
    try {
      const h = quickHandlers(`http://127.0.0.1:${port}`, KEY, async () => store);
      const { streamId } = await h.shipmentsStream({ fresh: true }, ctx);
      const first = await readUntil(h, streamId, 1);
      const before = seen.length;
      await h.shipmentsStreamRead({ streamId, from: first.rows.length, stop: true }, ctx);
      // The next start finds no kept copy: it asks the service (and is stopped too).
      const again = await h.shipmentsStream({}, ctx);
      expect(again.keptAt).toBeUndefined();
      expect(seen).toHaveLength(before + 1);
      await h.shipmentsStreamRead({ streamId: again.streamId, from: 0, stop: true }, ctx);
      expect(store.getBlob('shipments-list')).toBeUndefined();
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a resume hands over only the shipments after those held, in one request', async () => {
    const requests: string[] = [];
    const count = (req: IncomingMessage) => {
      if (req.url?.startsWith(SHIPMENTS_PATH)) requests.push(req.url);
    };
    sandbox.server.on('request', count);
    try {
      const h = quickHandlers(sandbox.url, KEY);
      const held = 137;
      expect(whole.length).toBeGreaterThan(held + CHUNK_ROWS);
      const resumed = await h.shipmentsStream({ fresh: true, skip: held }, ctx);
      const rest = await readUntil(h, resumed.streamId, Number.POSITIVE_INFINITY);
      expect(rest.done).toBe(true);
      expect(rest.rows.map((r) => r.shipment_id)).toEqual(
        whole.slice(held).map((s) => s.shipment_id),
      );
      expect(requests).toHaveLength(1);
    } finally {
      sandbox.server.off('request', count);
    }
  });
});
