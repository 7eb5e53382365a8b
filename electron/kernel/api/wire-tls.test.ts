/**
 * The console's wire over real TLS (the API is served over https): a server whose certificate
 * the machine does not trust is refused as a certificate problem, tried once, the key never
 * sent; the same server trusted (NODE_EXTRA_CA_CERTS, as IT would install a company CA)
 * answers. The certificate is a self-signed one for 127.0.0.1, kept beside the test.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { listenLocal } from '../test-support/local-server';
import { createHttpTransport } from './http-transport';
import { AccountLimiter } from './limiter';
import { describeNetworkError } from './network-errors';
import { undiciWire } from './undici-wire';

const HERE = import.meta.dirname;
const CERT = join(HERE, 'test-support', 'tls-test-cert.pem');
const KEY = join(HERE, 'test-support', 'tls-test-key.pem');
let server: Server;
let base: string;
let close: () => Promise<void>;
let handshakesRefused = 0;
const keysSeen: string[] = [];

beforeAll(async () => {
  server = createServer({ cert: readFileSync(CERT), key: readFileSync(KEY) }, (req, res) => {
    keysSeen.push(String(req.headers['x-api-key'] ?? ''));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"count":0,"next":null,"previous":null,"results":[]}');
  });
  server.on('tlsClientError', () => {
    handshakesRefused += 1;
  });
  ({ base, close } = await listenLocal(server, 'https'));
});
afterAll(() => close());

describe('the wire over TLS', () => {
  it('refuses a certificate the machine does not trust, as a certificate problem', async () => {
    const error = await undiciWire(new URL(`${base}/api/orders/`), {
      method: 'GET',
      headers: { 'X-API-Key': 'tls-key-1' },
      signal: new AbortController().signal,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeNetworkError(error).tls).toBe(true);
    expect(keysSeen).toEqual([]);
  });

  it('through the transport: one try, a plain message, the key never sent', async () => {
    const before = handshakesRefused;
    const transport = createHttpTransport({
      baseUrl: base,
      apiKey: 'tls-key-2',
      limiter: new AccountLimiter({ initialRate: 100, maxRate: 100 }),
      minRetryDelayMs: 1,
      maxRetryDelayMs: 2,
    });
    const failure = await transport
      .send(new URL(`${base}/api/orders/`), { method: 'GET', priority: 'interactive' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(failure).toBeInstanceOf(BridgeFailure);
    const { error } = failure as BridgeFailure;
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/certificate problem/);
    expect(JSON.stringify(error)).not.toContain('tls-key-2');
    expect(handshakesRefused - before).toBe(1);
    expect(keysSeen).toEqual([]);
  });

  it('answers once the certificate is trusted (NODE_EXTRA_CA_CERTS)', async () => {
    const script = [
      `import { undiciWire } from ${JSON.stringify(join(HERE, 'undici-wire.ts'))};`,
      `import { jsonTextOf } from ${JSON.stringify(join(HERE, 'json-text.ts'))};`,
      `const answer = await undiciWire(new URL(process.env.TLS_URL), { method: 'GET', headers: { 'X-API-Key': 'tls-key-3' }, signal: new AbortController().signal });`,
      'const read = await answer.readAll();',
      'console.log(answer.status, jsonTextOf(read.chunks, read.size));',
      'process.exit(0);',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: CERT, TLS_URL: `${base}/api/orders/` } },
    );
    expect(stdout.trim()).toBe('200 {"count":0,"next":null,"previous":null,"results":[]}');
    expect(keysSeen).toEqual(['tls-key-3']);
  }, 30_000);
});
