/**
 * Documents the API may send that cannot be printed, through the whole bridge over real HTTP:
 * a proxy in front of the sandbox answers a few requests with a PDF that has no pages, or a
 * "PNG"/"GIF" label whose bytes are no image. Each ends in a typed, plain `bad_response`,
 * nothing spooled, never "something went wrong inside Packbench".
 */
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { openRig, type Rig } from '../../../test-support/printing-rig';

const KEY = 'broken-documents-key-1234';
let sandbox: RunningSandbox;
let proxy: Server;
let rig: Rig;
/** What the proxy answers instead of the sandbox, by path; everything else passes through. */
const replies = new Map<string, { type: string; body: Buffer }>();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 1000 });
  proxy = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const reply = [...replies].find(([p]) => path.endsWith(p))?.[1];
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (reply) {
      res.writeHead(200, { 'Content-Type': reply.type, 'Content-Length': reply.body.length });
      res.end(reply.body);
      return;
    }
    const upstream = await fetch(`${sandbox.url}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection'].includes(k)),
      ) as Record<string, string>,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, {
      'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      'Content-Length': body.length,
    });
    res.end(body);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  rig = await openRig({ printing: { useCups: false } }, { url, key: KEY });
});

afterAll(async () => {
  await rig?.bridge.close();
  proxy?.close();
  await sandbox?.close();
  if (rig) rmSync(rig.dir, { recursive: true, force: true });
});

async function noPagesPdf(): Promise<Buffer> {
  return Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
}

async function jobCount(): Promise<number> {
  return (await rig.call('printJobsList', {})).jobs.length;
}

describe('documents that cannot be printed', () => {
  it('packing slips whose PDF has no pages: a typed, plain error, nothing queued', async () => {
    replies.set('/api/orders/documents/', { type: 'application/pdf', body: await noPagesPdf() });
    const before = await jobCount();
    const page = await rig.call('ordersList', { pageSize: 2 });
    const answer = await rig.attempt('printOrderDocuments', {
      orderIds: page.results.map((o) => o.id),
      kinds: ['packing_slip'],
      override: { printerId: 'save-to-folder' },
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'bad_response',
        message: 'The PDF of the packing slips has no pages; nothing was sent to a printer.',
      },
    });
    expect(await jobCount()).toBe(before);
  });

  for (const [format, body] of [
    ['PNG', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('garbage')])],
    ['GIF', Buffer.from('<html>502 Bad Gateway</html>')],
  ] as const) {
    it(`a ${format} shipment label whose bytes are not an image: a typed, plain error`, async () => {
      const [shipment] = await rig.call('shipmentsList', {});
      replies.set(`/shipments/${shipment!.shipment_id}/label/`, {
        type: 'application/json',
        body: Buffer.from(
          JSON.stringify({
            shipment_id: shipment!.shipment_id,
            tracking_number: '1Z999',
            format,
            image_b64: body.toString('base64'),
          }),
        ),
      });
      const before = await jobCount();
      const answer = await rig.attempt('printShipmentLabel', {
        shipmentId: shipment!.shipment_id,
        override: { printerId: 'save-to-folder' },
      });
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad_response' } });
      if (!answer.ok) {
        expect(answer.error.message).toEqual(
          format === 'PNG'
            ? expect.stringMatching(
                /^The PNG label could not be read \(.*\); nothing was sent to a printer\.$/,
              )
            : 'The label is said to be GIF but its bytes are not a GIF file; nothing was sent to a printer.',
        );
      }
      expect(await jobCount()).toBe(before);
    });
  }
});
