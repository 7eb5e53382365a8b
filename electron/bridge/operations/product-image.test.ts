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
import { createApiClient } from '../api/api-client';
import { AccountLimiter } from '../api/limiter';
import { isBridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';
import { imageUrl, MAX_IMAGE_BYTES, productImage } from './product-image';

const KEY = 'pk_sandbox_pictures_5e1f';
const api = startSandboxForFile({ keys: [KEY], scale: 1 });
const ctx: CallContext = { signal: new AbortController().signal, progress: () => {} };

function countingClient() {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: api.sandbox().url,
    apiKey: KEY,
    limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4 }),
    fetch: (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  return { client, asked };
}

/** A shop's CDN stand-in on another port: what it was sent, and what it answers. */
let cdn: Server;
let cdnUrl: string;
const seen: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  cdn = createServer((request, response) => {
    seen.push(request.headers);
    if (request.url === '/a.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([137, 80, 78, 71]));
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

async function failureOf(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isBridgeFailure(error)) throw new Error(`expected a typed failure, got ${String(error)}`);
  return { code: error.error.code, message: error.error.message };
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
    expect(picture.size).toBe(4);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['x-api-key']).toBeUndefined();
    expect(JSON.stringify(seen[0])).not.toContain(KEY);
  });

  it('refuses what is not a picture, one too large, a missing one, and unsafe addresses', async () => {
    const { client } = countingClient();
    expect(await failureOf(productImage(client, `${cdnUrl}/page.html`, ctx))).toMatchObject({
      code: 'bad_response',
    });
    expect(await failureOf(productImage(client, `${cdnUrl}/huge.png`, ctx))).toMatchObject({
      code: 'bad_response',
    });
    expect(await failureOf(productImage(client, `${cdnUrl}/gone.png`, ctx))).toMatchObject({
      code: 'not_found',
    });
    expect(() => imageUrl('http://cdn.example.com/a.png', 'https://api.example.com')).toThrow(
      /https only/,
    );
    expect(() =>
      imageUrl('https://user:pw@cdn.example.com/a.png', 'https://api.example.com'),
    ).toThrow(/user name/);
    expect(() => imageUrl('javascript:alert(1)', 'https://api.example.com')).toThrow();
    expect(imageUrl('/media/p.png', 'https://api.example.com/').href).toBe(
      'https://api.example.com/media/p.png',
    );
  });
});
