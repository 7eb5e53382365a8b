import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHost, startBrowserHost } from './index';
import { callRequest, fakeBridge, type RawResponse, raw, tokenOf } from './test-http';

const base = mkdtempSync(join(tmpdir(), 'packbench-host-'));
const rendererDir = join(base, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Packbench</title>');
writeFileSync(join(rendererDir, 'assets', 'app-1234.js'), 'console.log(1);');
writeFileSync(join(base, 'secret.txt'), 'outside the renderer folder');
symlinkSync(join(base, 'secret.txt'), join(rendererDir, 'leak.txt'));

/** The signal the slow call received (an object, so closures see its updates). */
const slow: { signal?: AbortSignal } = {};
let releaseSlow: (() => void) | undefined;
const bridge = fakeBridge(async (method, args, signal) => {
  if (method === 'slow') {
    slow.signal = signal;
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
      signal?.addEventListener('abort', () => resolve());
    });
    return { ok: false, error: { code: 'cancelled', message: 'Cancelled.' } };
  }
  if (method !== 'appInfo') {
    return { ok: false, error: { code: 'invalid_arguments', message: `No method ${method}.` } };
  }
  return { ok: true, value: { name: 'Packbench', version: '0.1.0', transport: 'browser', args } };
});
const lines: string[] = [];
let host: BrowserHost;
let token: string;
let port: number;

beforeAll(async () => {
  host = await startBrowserHost({
    ...bridge,
    rendererDir,
    log: (line) => lines.push(line),
    heartbeatMs: 100,
  });
  token = tokenOf(host.url);
  port = host.port;
});
afterAll(async () => {
  releaseSlow?.();
  await host.close();
  rmSync(base, { recursive: true, force: true });
});

const appInfo = (extra: Parameters<typeof callRequest>[4] = {}) =>
  callRequest(port, token, 'appInfo', { args: {} }, extra);
/** appInfo as the page calls it (its token, JSON), with `headers` added: an origin, a fetch site. */
const appInfoWith = (headers: Record<string, string>) =>
  appInfo({
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...headers,
    },
  });

/** appInfo's address sent as it stands, `headers` and all: what a page, or a stranger, sends. */
const rawAppInfo = (method: string, headers: Record<string, string>, body?: string) =>
  raw({ port, method, path: '/bridge/call/appInfo', headers, body });

function expectNoCors(response: RawResponse) {
  const cors = Object.keys(response.headers).filter((h) => h.startsWith('access-control-'));
  expect(cors).toEqual([]);
}

describe('browser host: session token', () => {
  it('prints a loopback URL with a 43-character base64url token in the fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    expect(host.origin).toBe(`http://127.0.0.1:${port}`);
  });

  it('answers a call with the right token: 200 and the Result', async () => {
    const r = await appInfo();
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({
      ok: true,
      value: { name: 'Packbench', version: '0.1.0', transport: 'browser', args: {} },
    });
    expect(r.headers['cache-control']).toBe('no-store');
    expectNoCors(r);
  });

  it('refuses a call with no token, a wrong token of the same length, or another length', async () => {
    const wrongSame = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const headers = (auth?: string) => ({
      'content-type': 'application/json',
      ...(auth === undefined ? {} : { authorization: auth }),
    });
    for (const auth of [
      undefined,
      `Bearer ${wrongSame}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      'Bearer ',
      token,
      `Basic ${token}`,
    ]) {
      const r = await rawAppInfo('POST', headers(auth), '{"args":{}}');
      expect(r.status, String(auth)).toBe(401);
      expect(JSON.parse(r.body)).toHaveProperty('error');
      expectNoCors(r);
    }
    const events = await raw({ port, path: '/bridge/events' });
    expect(events.status).toBe(401);
  });

  it('accepts the token in the scheme any case (RFC 7235)', async () => {
    const r = await rawAppInfo(
      'POST',
      { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      '{"args":{}}',
    );
    expect(r.status).toBe(200);
  });
});

describe('browser host: Host and Origin', () => {
  it('listens on 127.0.0.1 only', () => {
    // A second address family would show up as a successful connect on ::1.
    return new Promise<void>((resolve) => {
      const req = httpRequest({ host: '::1', port, path: '/', family: 6 });
      req.on('response', () => {
        throw new Error('answered on ::1');
      });
      req.on('error', () => resolve());
      req.end();
    });
  });

  it('cannot be reached on any other interface of this machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && !a.internal && a.family === 'IPv4')
      .map((a) => a?.address ?? '');
    // 127.0.0.2 is loopback too, but a server bound to 0.0.0.0 would answer on it.
    for (const address of ['127.0.0.2', ...others]) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: address, port });
        socket.on('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      expect(reached, address).toBe(false);
    }
  });

  it('refuses a foreign Host (DNS rebinding), a look-alike, another port, or none', async () => {
    for (const h of [
      'evil.com',
      `evil.com:${port}`,
      `127.0.0.1.evil.com:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      null,
    ]) {
      // With no Host at all, Node's own parser answers 400 before the guard sees it.
      const refused = h === null ? [400] : [421];
      const r = await appInfo({ host: h });
      expect(refused, String(h)).toContain(r.status);
      expectNoCors(r);
      const page = await raw({ port, path: '/', host: h });
      expect(refused, String(h)).toContain(page.status);
    }
    expect((await appInfo({ host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses a foreign Origin and accepts the same origin', async () => {
    for (const origin of [
      'http://evil.com',
      'null',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/`,
    ]) {
      const r = await appInfoWith({ origin });
      expect(r.status, origin).toBe(403);
      expectNoCors(r);
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const r = await appInfoWith({ origin });
      expect(r.status, origin).toBe(200);
    }
  });

  it('refuses a cross-site call that Fetch Metadata announces', async () => {
    const r = await appInfoWith({ 'sec-fetch-site': 'cross-site' });
    expect(r.status).toBe(403);
  });

  it('refuses OPTIONS preflights and never sends CORS headers', async () => {
    const r = await rawAppInfo('OPTIONS', {
      origin: `http://127.0.0.1:${port}`,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(r.status).toBe(405);
    expectNoCors(r);
    expectNoCors(await raw({ port, path: '/' }));
    expectNoCors(await raw({ port, path: '/nope' }));
  });
});

describe('browser host: calls', () => {
  it('passes an unknown method to the dispatcher, whose typed error comes back with 200', async () => {
    const r = await callRequest(port, token, 'noSuchMethod', { args: {} });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('answers 404 for a name that cannot be a method', async () => {
    for (const name of ['', 'a/b', '..', '%61ppInfo', `${'a'.repeat(65)}`, '1abc']) {
      const r = await callRequest(port, token, name, { args: {} });
      expect(r.status, name).toBe(404);
    }
  });

  it('refuses non-JSON content types, bad JSON, non-object bodies and big bodies', async () => {
    const send = (body: string, type = 'application/json') =>
      rawAppInfo('POST', { authorization: `Bearer ${token}`, 'content-type': type }, body);
    expect((await send('{"args":{}}', 'text/plain')).status).toBe(415);
    expect((await send('{"args":{}}', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await send('{"args":{}}', 'application/json; charset=latin1')).status).toBe(415);
    expect((await send('{"args":{}}', 'application/json; charset=utf-8')).status).toBe(200);
    expect((await send('{"args":')).status).toBe(400);
    expect((await send('')).status).toBe(400);
    expect((await send('[1]')).status).toBe(400);
    expect((await send('"text"')).status).toBe(400);
    expect((await send('null')).status).toBe(400);
    expect((await send(JSON.stringify({ args: 'x'.repeat(1_100_000) }))).status).toBe(413);
    // Still serving afterwards.
    expect((await appInfo()).status).toBe(200);
  });

  it('refuses GET on a call and POST on a static file', async () => {
    const get = await rawAppInfo('GET', { authorization: `Bearer ${token}` });
    expect(get.status).toBe(405);
    const post = await raw({ port, method: 'POST', path: '/index.html' });
    expect(post.status).toBe(405);
  });

  it('aborts the dispatcher call when its client disconnects', async () => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/bridge/call/slow',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      agent: false,
    });
    req.on('error', () => {});
    req.end('{"args":{}}');
    await expect.poll(() => slow.signal).toBeDefined();
    expect(slow.signal?.aborted).toBe(false);
    req.destroy();
    await expect.poll(() => slow.signal?.aborted).toBe(true);
    expect((await appInfo()).status).toBe(200);
  });
});

describe('browser host: static files', () => {
  it('serves index.html with the CSP and the other security headers, never cached', async () => {
    for (const path of ['/', '/index.html', '/?x=1']) {
      const r = await raw({ port, path });
      expect(r.status).toBe(200);
      expect(r.body).toContain('<title>Packbench</title>');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(r.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves assets with their type and no token', async () => {
    const r = await raw({ port, path: '/assets/app-1234.js' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.body).toBe('console.log(1);');
    const head = await raw({ port, method: 'HEAD', path: '/assets/app-1234.js' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('makes path traversal impossible, encoded or not, and lists no folders', async () => {
    for (const path of [
      '/../secret.txt',
      '/../../../../etc/passwd',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2E%2E/package.json',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/%00index.html',
      '/%zz',
      '/leak.txt',
      '/assets/',
      '/assets',
      '/nope.js',
    ]) {
      const r = await raw({ port, path });
      expect([400, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain('outside the renderer folder');
    }
    expect((await raw({ port, path: 'http://evil.com/' })).status).toBe(400);
    expect((await raw({ port, path: '//evil.com/x' })).status).toBe(400);
  });

  it('answers unknown bridge paths with 404', async () => {
    const r = await raw({
      port,
      path: '/bridge/nope',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(404);
  });

  it('serves a page that says how to build when the renderer is not built', async () => {
    const empty = await startBrowserHost({ ...fakeBridge(), rendererDir: join(base, 'missing') });
    try {
      const r = await raw({ port: empty.port, path: '/' });
      expect(r.status).toBe(200);
      expect(r.body).toContain('npm run build:renderer');
      expect(r.headers['content-security-policy']).toBeDefined();
      expect((await raw({ port: empty.port, path: '/assets/x.js' })).status).toBe(404);
    } finally {
      await empty.close();
    }
  });
});

describe('browser host: events', () => {
  it('streams emitted events and heartbeats, and unsubscribes when the client leaves', async () => {
    const received: string[] = [];
    const subscribers = () => (bridge.events as unknown as { listeners: Set<unknown> }).listeners;
    const before = subscribers().size;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/bridge/events',
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    req.on('error', () => {});
    const response = await new Promise<import('node:http').IncomingMessage>((resolve) => {
      req.on('response', resolve);
      req.end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => received.push(chunk));
    await expect.poll(() => subscribers().size).toBe(before + 1);

    bridge.events.emit({ type: 'notice', level: 'info', message: 'Line one\nline two' });
    await expect.poll(() => received.join('')).toContain('event: bridge\ndata: {');
    const text = received.join('');
    const data = /data: (.*)\n\n/.exec(text)?.[1];
    expect(JSON.parse(data ?? '')).toEqual({
      type: 'notice',
      level: 'info',
      message: 'Line one\nline two',
    });
    await expect.poll(() => received.join('')).toContain(': heartbeat\n\n');

    req.destroy();
    await expect.poll(() => subscribers().size).toBe(before);
  });

  it('close() ends open event streams instead of waiting for them', async () => {
    const other = await startBrowserHost({ ...fakeBridge(), rendererDir });
    const req = httpRequest({
      host: '127.0.0.1',
      port: other.port,
      path: '/bridge/events',
      headers: { authorization: `Bearer ${tokenOf(other.url)}` },
      agent: false,
    });
    req.on('error', () => {});
    await new Promise((resolve) => {
      req.on('response', resolve);
      req.end();
    });
    await other.close();
  });

  it('logs refusals without the token', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
  });
});
