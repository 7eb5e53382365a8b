/**
 * Product pictures through the bridge, over real HTTP: the sandbox's (the connection's own
 * address) come with the key and are kept for the session; a picture elsewhere is fetched
 * with no key at all; what is not a raster image, too large, or at an address the policy
 * refuses is a typed failure, never bytes for the page.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxForFile } from '../../../sandbox/test/support/sandbox-fixture';
import { createApiClient } from '../../kernel/api/api-client';
import { AccountLimiter } from '../../kernel/api/limiter';
import type { CallContext } from '../../kernel/handler-types';
import { bridgeFailureOf } from '../../kernel/test-support/bridge-failure-of';
import { countingApiClient } from '../../test-support/counting-api-client';
import { imageUrl, MAX_IMAGE_BYTES, productImage } from './product-image';

const KEY = 'pk_sandbox_pictures_5e1f';
const api = startSandboxForFile({ keys: [KEY], scale: 1 });
const ctx: CallContext = { signal: new AbortController().signal, progress: () => {} };

const countingClient = () => countingApiClient(api.sandbox().url, KEY);

/** A shop's CDN stand-in on another port: what it was sent, and what it answers. */
let cdn: Server;
let cdnUrl: string;
const seen: IncomingHttpHeaders[] = [];
const seenPaths: string[] = [];
/** A whole PNG signature and a few bytes: what the bytes check takes for a PNG. */
const PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]);
beforeAll(async () => {
  cdn = createServer((request, response) => {
    seen.push(request.headers);
    seenPaths.push(request.url ?? '');
    if (request.url === '/a.png' || request.url?.startsWith('/media/')) {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    } else if (request.url === '/fake.png') {
      // Declared a picture, but its bytes are text: no picture.
      response.writeHead(200, { 'Content-Type': 'image/png' }).end('id,name\n1,secret\n');
    } else if (request.url?.startsWith('/api/')) {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    } else if (request.url === '/page.html') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>1</script>');
    } else if (request.url === '/huge.png') {
      response
        .writeHead(200, { 'Content-Type': 'image/png' })
        .end(Buffer.alloc(MAX_IMAGE_BYTES + 1));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((done) => cdn.listen(0, '127.0.0.1', done));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => cdn.close(() => done())));

async function firstImage(): Promise<string> {
  const r = await fetch(`${api.sandbox().url}/api/inventory/?page_size=50`, {
    headers: { 'X-API-Key': KEY },
  });
  const page = (await r.json()) as { results: { image: string }[] };
  return page.results.find((s) => s.image !== '')!.image;
}

describe('a product picture', () => {
  it('at the connection’s address: fetched with the key once, then kept', async () => {
    const { client, asked } = countingClient();
    const url = await firstImage();
    const first = await productImage(client, url, ctx);
    expect(first.contentType).toBe('image/png');
    expect(Buffer.from(first.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const again = await productImage(client, url, ctx);
    expect(again).toEqual(first);
    expect(asked.filter((u) => u.includes('/media/products/'))).toHaveLength(1);
    // A relative address is the connection's too.
    const relative = new URL(url).pathname;
    expect((await productImage(client, relative, ctx)).size).toBe(first.size);
  });

  it('elsewhere: fetched without the key or any header of ours', async () => {
    const { client } = countingClient();
    seen.length = 0;
    const picture = await productImage(client, `${cdnUrl}/a.png`, ctx);
    expect(picture.size).toBe(PNG.length);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['x-api-key']).toBeUndefined();
    expect(JSON.stringify(seen[0])).not.toContain(KEY);
  });

  it('refuses what is not a picture, one too large, a missing one, and unsafe addresses', async () => {
    const { client } = countingClient();
    expect(await bridgeFailureOf(productImage(client, `${cdnUrl}/page.html`, ctx))).toMatchObject({
      code: 'bad_response',
    });
    expect(await bridgeFailureOf(productImage(client, `${cdnUrl}/huge.png`, ctx))).toMatchObject({
      code: 'bad_response',
    });
    expect(await bridgeFailureOf(productImage(client, `${cdnUrl}/fake.png`, ctx))).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/not a png image/),
    });
    expect(await bridgeFailureOf(productImage(client, `${cdnUrl}/gone.png`, ctx))).toMatchObject({
      code: 'not_found',
    });
    expect(() => imageUrl('http://cdn.example.com/a.png', 'https://api.example.com')).toThrow(
      /https only/,
    );
    expect(() =>
      imageUrl('https://user:pw@cdn.example.com/a.png', 'https://api.example.com'),
    ).toThrow(/user name/);
    expect(() => imageUrl('javascript:alert(1)', 'https://api.example.com')).toThrow();
    expect(imageUrl('/media/p.png', 'https://api.example.com/').url.href).toBe(
      'https://api.example.com/media/p.png',
    );
  });
});

describe('the API key goes only to the API’s picture path (issue 31)', () => {
  /** A client whose API is the stand-in server, which records every request's headers. */
  const apiClient = () =>
    createApiClient({
      baseUrl: cdnUrl,
      apiKey: KEY,
      limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4 }),
    });

  it.each([
    '/api/orders/export/',
    '/api/account/api-keys/',
    '/media/../api/orders/export/',
    '/media/%2e%2e/api/account/api-keys/',
  ])('%s: refused, and the server never saw the key (nor the request)', async (raw) => {
    seen.length = 0;
    seenPaths.length = 0;
    expect(await bridgeFailureOf(productImage(apiClient(), raw, ctx))).toMatchObject({
      code: 'invalid_arguments',
    });
    expect(seenPaths).toEqual([]);
    expect(seen.filter((h) => JSON.stringify(h).includes(KEY))).toEqual([]);
  });

  it('a picture under /media/ on the API’s origin goes with the key', async () => {
    seen.length = 0;
    seenPaths.length = 0;
    const picture = await productImage(apiClient(), '/media/products/A-1.png', ctx);
    expect(picture.contentType).toBe('image/png');
    expect(seenPaths).toEqual(['/media/products/A-1.png']);
    expect(seen[0]!['x-api-key']).toBe(KEY);
  });

  it('against the sandbox: an export’s address is never asked for', async () => {
    const { client, asked } = countingClient();
    for (const raw of ['/api/orders/export/', `${api.sandbox().url}/api/account/api-keys/`]) {
      expect(await bridgeFailureOf(productImage(client, raw, ctx))).toMatchObject({
        code: 'invalid_arguments',
      });
    }
    expect(asked).toEqual([]);
  });
});
