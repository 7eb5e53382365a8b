import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PrintSystemError } from './print-failure';
import { rawSocketFailure, sendRaw } from './raw-socket';

/** A stand-in printer on 127.0.0.1 that keeps what each connection sent. */
async function listener(onSocket?: (socket: Socket) => void, allowHalfOpen = false) {
  const received: Buffer[] = [];
  const server = createServer({ allowHalfOpen }, (socket) => {
    if (onSocket) return onSocket(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => received.push(Buffer.concat(chunks)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.close();
    s.unref();
  }
});

async function failureOf(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrintSystemError);
  return (error as PrintSystemError).failure;
}

describe('sendRaw', () => {
  it('delivers ZPL text byte for byte', async () => {
    const { port, received } = await listener();
    const zpl = '^XA^FO50,50^A0N,40,40^FDÄrger & Co "x"^FS^XZ\r\n';
    await sendRaw({ host: '127.0.0.1', port, bytes: zpl });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.equals(Buffer.from(zpl, 'utf8'))).toBe(true);
  });

  it('delivers every one of the 256 byte values, and a large buffer, unchanged', async () => {
    const { port, received } = await listener();
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const big = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) & 0xff;
    await sendRaw({ host: '127.0.0.1', port, bytes: new Uint8Array(all) });
    await sendRaw({ host: '127.0.0.1', port, bytes: big });
    await expect.poll(() => received.length).toBe(2);
    expect(received[0]?.equals(all)).toBe(true);
    expect(received[1]?.equals(big)).toBe(true);
  });

  it('says no printer answers when nothing listens', async () => {
    const { server, port } = await listener();
    server.close();
    await once(server, 'close');
    const failure = await failureOf(sendRaw({ host: '127.0.0.1', port, bytes: 'x' }));
    expect(failure).toMatchObject({
      kind: 'connection-refused',
      message: `No printer answers at 127.0.0.1:${port} (connection refused).`,
      transient: true,
    });
  });

  it('gives up after the deadline when the printer takes the connection but never closes', async () => {
    // allowHalfOpen: the server reads our end-of-data but never closes its side.
    const { port } = await listener((socket) => socket.resume(), true);
    const failure = await failureOf(
      sendRaw({ host: '127.0.0.1', port, bytes: 'x', timeoutMs: 300 }),
    );
    expect(failure.kind).toBe('timeout');
    expect(failure.message).toContain(`127.0.0.1:${port}`);
  });

  it('words each reason clearly', () => {
    expect(rawSocketFailure('ECONNREFUSED', '10.0.0.7:9100', 10_000).message).toBe(
      'No printer answers at 10.0.0.7:9100 (connection refused).',
    );
    expect(rawSocketFailure('TIMEOUT', '10.0.0.7:9100', 10_000).message).toBe(
      'No answer from 10.0.0.7:9100 within 10 s.',
    );
    expect(rawSocketFailure('EHOSTUNREACH', '10.0.0.7:9100', 10_000)).toMatchObject({
      kind: 'unreachable',
      message: '10.0.0.7:9100 cannot be reached from this computer (EHOSTUNREACH).',
    });
    expect(rawSocketFailure('ENOTFOUND', 'zebra.local:9100', 10_000).kind).toBe('unreachable');
  });
});
