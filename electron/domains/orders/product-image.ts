/**
 * `productImage`: a product's picture for the pack screen, fetched by the main process so the
 * page's CSP stays as it is (img-src 'self' data: blob:) and the key never reaches the page.
 *
 * - Where the key goes is electron/security/image-url-policy.ts's rule: only to the API's own
 *   media path (`/media/…`, where the API links product pictures), through the API client
 *   (key, limiter, retries, no redirects). Any other path of the API (`/api/orders/export/`,
 *   `/api/account/api-keys/`) is refused before a request is made (issue 31).
 * - A picture elsewhere (a shop's CDN) is fetched without the key or any other header of ours.
 *   Only https (or http to loopback).
 * - Only raster images a browser draws (PNG, GIF, JPEG, WebP, AVIF) of at most 2 MB, by the
 *   Content-Type and by the first bytes agreeing: a picture is a hint for the packer, never
 *   worth a stalled bench, and a CSV or a key list served as image/png is not one.
 * - Kept per client (so per connection and key) for the session, the last 300: a bench sees
 *   the same products all shift, and each costs a request of the account's shared rate limit.
 */
import type { BinaryFile } from '@shared/contract/values';
import type { ApiClient } from '../../kernel/api/api-client';
import { badResponse, cancelledFailure } from '../../kernel/api/api-errors';
import { readBounded } from '../../kernel/api/download';
import { BridgeFailure } from '../../kernel/failure';
import { asHandlers, type CallContext, type Handlers } from '../../kernel/handler-types';
import { background } from '../../kernel/operations/api-deps';
import { IMAGE_TYPES, isImageAnswer, planImageFetch } from '../../security/image-url-policy';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const KEEP = 300;
const FOREIGN_TIMEOUT_MS = 10_000;

const cache = new WeakMap<ApiClient, Map<string, Promise<BinaryFile>>>();

/** Where a product's `image` points and whether the key goes along; refused: a failure. */
export function imageUrl(raw: string, baseUrl: string): { url: URL; keyed: boolean } {
  const plan = planImageFetch(raw, baseUrl);
  if (plan.kind === 'refused') throw new BridgeFailure(plan.code, plan.reason);
  return { url: plan.url, keyed: plan.kind === 'keyed' };
}

/** The `productImage` bridge method, over the current connection's client. */
export function createProductImageHandlers(deps: { client(): Promise<ApiClient> }) {
  return asHandlers({
    productImage: async ({ url }, ctx) => productImage(await deps.client(), url, ctx),
  } satisfies Partial<Handlers>);
}

export async function productImage(
  api: ApiClient,
  raw: string,
  ctx: CallContext,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<BinaryFile> {
  const { url, keyed } = imageUrl(raw, api.baseUrl);
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
  const loading = load(api, url, keyed, ctx, fetchImpl);
  kept.set(key, loading);
  // A failure is not kept: the next look asks again (the server may answer next time).
  loading.catch(() => kept.delete(key));
  while (kept.size > KEEP) kept.delete(kept.keys().next().value as string);
  return loading;
}

async function load(
  api: ApiClient,
  url: URL,
  keyed: boolean,
  ctx: CallContext,
  fetchImpl: typeof fetch,
): Promise<BinaryFile> {
  const response = keyed
    ? await api.linked(url, background(ctx))
    : await foreign(url, ctx, fetchImpl);
  const contentType = (response.headers.get('Content-Type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!IMAGE_TYPES.includes(contentType)) {
    await response.body?.cancel().catch(() => {});
    throw badResponse(`a product picture of type “${contentType || 'none'}”`);
  }
  if (!response.body) throw badResponse('an empty product picture');
  const bytes = await readBounded(response.body, MAX_IMAGE_BYTES);
  if (!isImageAnswer(contentType, bytes)) {
    throw badResponse(`a product picture whose bytes are not a ${contentType.slice(6)} image`);
  }
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
