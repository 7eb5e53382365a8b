/**
 * `productImage`: a product's picture for the pack screen, fetched by the main process so the
 * page's CSP stays as it is (img-src 'self' data: blob:) and the key never reaches the page.
 *
 * - A picture at the connection's own address (the sandbox's, or an API that serves its own
 *   media) goes through the API client: key, limiter, retries.
 * - A picture elsewhere (a shop's CDN) is fetched without the key or any other header of ours:
 *   the key is only ever sent to the connection's address. Only https (or http to loopback).
 * - Only raster images a browser draws (PNG, GIF, JPEG, WebP, AVIF) of at most 2 MB: a picture
 *   is a hint for the packer, never worth a stalled bench.
 * - Kept per client (so per connection and key) for the session, the last 300: a bench sees
 *   the same products all shift, and each costs a request of the account's shared rate limit.
 */
import { isLoopbackHost } from '../../../shared/contract/url-policy';
import type { BinaryFile } from '../../../shared/contract/values';
import type { ApiClient } from '../api/api-client';
import { badResponse, cancelledFailure } from '../api/api-errors';
import { readBounded } from '../api/download';
import { BridgeFailure } from '../failure';
import type { CallContext } from '../handler-types';
import { background } from './api-deps';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const KEEP = 300;
const FOREIGN_TIMEOUT_MS = 10_000;
const IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/avif']);

const cache = new WeakMap<ApiClient, Map<string, Promise<BinaryFile>>>();

/** Where a product's `image` points, made absolute against the connection's address. */
export function imageUrl(raw: string, baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(raw, baseUrl);
  } catch {
    throw new BridgeFailure('invalid_arguments', 'The product’s picture address is not a URL.');
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw new BridgeFailure('insecure_url', 'Product pictures are fetched over https only.');
  }
  if (url.username || url.password) {
    throw new BridgeFailure('insecure_url', 'A picture address with a user name is refused.');
  }
  return url;
}

export async function productImage(
  api: ApiClient,
  raw: string,
  ctx: CallContext,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<BinaryFile> {
  const url = imageUrl(raw, api.baseUrl);
  const kept = cache.get(api) ?? new Map<string, Promise<BinaryFile>>();
  cache.set(api, kept);
  const key = url.href;
  const hit = kept.get(key);
  if (hit) {
    // Most recently used last, so the oldest is the first to go.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const loading = load(api, url, ctx, fetchImpl);
  kept.set(key, loading);
  // A failure is not kept: the next look asks again (the server may answer next time).
  loading.catch(() => kept.delete(key));
  while (kept.size > KEEP) kept.delete(kept.keys().next().value as string);
  return loading;
}

async function load(
  api: ApiClient,
  url: URL,
  ctx: CallContext,
  fetchImpl: typeof fetch,
): Promise<BinaryFile> {
  const own = url.origin === new URL(api.baseUrl).origin;
  const response = own
    ? await api.linked(url, background(ctx))
    : await foreign(url, ctx, fetchImpl);
  const contentType = (response.headers.get('Content-Type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!IMAGE_TYPES.has(contentType)) {
    await response.body?.cancel().catch(() => {});
    throw badResponse(`a product picture of type “${contentType || 'none'}”`);
  }
  if (!response.body) throw badResponse('an empty product picture');
  const bytes = await readBounded(response.body, MAX_IMAGE_BYTES);
  const name = decodeURIComponent(url.pathname.split('/').pop() || 'picture');
  return {
    fileName: name.slice(0, 120),
    contentType,
    size: bytes.length,
    base64: bytes.toString('base64'),
  };
}

async function foreign(url: URL, ctx: CallContext, fetchImpl: typeof fetch): Promise<Response> {
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(FOREIGN_TIMEOUT_MS)]);
  let response: Response;
  try {
    // No key and no header of ours: a plain GET of a public picture (a redirect is followed;
    // nothing secret goes with it).
    response = await fetchImpl(url, { signal });
  } catch {
    if (ctx.signal.aborted) throw cancelledFailure();
    throw new BridgeFailure('network', `The picture at ${url.host} could not be fetched.`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new BridgeFailure(
      'not_found',
      `The picture at ${url.host} answered HTTP ${response.status}.`,
    );
  }
  return response;
}
