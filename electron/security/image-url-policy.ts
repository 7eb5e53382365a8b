/**
 * Where a product's picture may be fetched from, and with what: pure, so every hostile address
 * is a unit test. The API key opens every endpoint of the account (a full export, the API-key
 * list), so it goes only where the API serves pictures:
 *
 * - on the connection's own origin, only under its media path (`<base path>/media/…`, where
 *   the API links product images and label files; the sandbox serves /media/products/<sku>.png):
 *   fetched with the key, through the API client;
 * - anything else on that origin (`/api/orders/export/`, `/api/account/api-keys/`, a path
 *   that climbs out with `..` or `%2e%2e`) is refused before any request: it is not a picture;
 * - another origin (a shop's CDN) is fetched without the key or any header of ours, over https
 *   (plain http to this computer only);
 * - no user name or password in the address, no other scheme (file:, data:, javascript:).
 *
 * What comes back must be an image by its Content-Type and by its first bytes (sniffImage).
 */
import { isLoopbackHost } from '@shared/contract/url-policy';

export type ImageFetchPlan =
  | { kind: 'keyed'; url: URL }
  | { kind: 'plain'; url: URL }
  | { kind: 'refused'; reason: string; code: 'invalid_arguments' | 'insecure_url' };

export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/avif'];

const MAX_URL_LENGTH = 2048;

/** The media path under a base URL: `https://h/prefix` → `/prefix/media/`. */
export function mediaPrefix(baseUrl: URL): string {
  return `${baseUrl.pathname.replace(/\/+$/, '')}/media/`;
}

export function planImageFetch(raw: string, baseUrl: string): ImageFetchPlan {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) {
    return { kind: 'refused', code: 'invalid_arguments', reason: 'No usable picture address.' };
  }
  // NUL, CR/LF and other control characters: the URL parser strips some of them silently.
  if (/\p{Cc}/u.test(raw)) {
    return {
      kind: 'refused',
      code: 'invalid_arguments',
      reason: 'The picture address holds control characters.',
    };
  }
  let base: URL;
  let url: URL;
  try {
    base = new URL(baseUrl);
    url = new URL(raw, base);
  } catch {
    return {
      kind: 'refused',
      code: 'invalid_arguments',
      reason: 'The product’s picture address is not a URL.',
    };
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    return {
      kind: 'refused',
      code: 'insecure_url',
      reason: 'Product pictures are fetched over https only.',
    };
  }
  if (url.username || url.password) {
    return {
      kind: 'refused',
      code: 'insecure_url',
      reason: 'A picture address with a user name is refused.',
    };
  }
  if (url.origin !== base.origin) return { kind: 'plain', url };
  // The URL parser has already removed dot segments (also `%2e%2e`); a backslash is a slash
  // to it too. What is left is compared as it will be sent.
  const prefix = mediaPrefix(base);
  if (!url.pathname.startsWith(prefix) || /%2f|%5c/i.test(url.pathname)) {
    return {
      kind: 'refused',
      code: 'invalid_arguments',
      reason: 'That address on the API is not a product picture, so it is not fetched.',
    };
  }
  return { kind: 'keyed', url };
}

/** The image type the first bytes show, or null when they are no picture we draw. */
export function sniffImage(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (at: number, text: string) =>
    [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp') && (ascii(8, 'avif') || ascii(8, 'avis'))) return 'image/avif';
  return null;
}

/** True when the answer's declared type is a picture and its bytes are that picture. */
export function isImageAnswer(contentType: string, bytes: Uint8Array): boolean {
  return IMAGE_TYPES.includes(contentType) && sniffImage(bytes) === contentType;
}
