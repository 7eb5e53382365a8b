/**
 * Where a product picture is fetched from and whether the key goes along: only to the API's
 * own media path; other paths of the API are refused outright; elsewhere without the key.
 */
import { describe, expect, it } from 'vitest';
import { isImageAnswer, planImageFetch, sniffImage } from './image-url-policy';

const base = 'http://127.0.0.1:8787';

describe('planImageFetch', () => {
  it('sends the key only to the API’s media path', () => {
    expect(planImageFetch('/media/products/BAR-0108.png', base)).toMatchObject({ kind: 'keyed' });
    expect(planImageFetch(`${base}/media/products/X.png`, base)).toMatchObject({ kind: 'keyed' });
    expect(
      planImageFetch('https://api.example.com/v2/media/p.png', 'https://api.example.com/v2'),
    ).toMatchObject({ kind: 'keyed' });
  });

  it.each([
    '/api/orders/export/',
    '/api/account/api-keys/',
    `${base}/api/account/api-keys/`,
    '/media/../api/orders/export/',
    '/media/%2e%2e/api/orders/export/',
    '/media%2f..%2fapi/orders/export/',
    '/media\\..\\api\\orders\\export\\',
    '/',
    '/mediafake/x.png',
  ])('refuses %s on the API’s origin without fetching it', (raw) => {
    expect(planImageFetch(raw, base)).toMatchObject({ kind: 'refused' });
  });

  it('fetches another origin without the key, over https only', () => {
    expect(planImageFetch('https://cdn.shop.example/p/1.png', base)).toMatchObject({
      kind: 'plain',
    });
    expect(planImageFetch('http://cdn.shop.example/p/1.png', base)).toMatchObject({
      kind: 'refused',
      code: 'insecure_url',
    });
  });

  it.each([
    'file:///proc/self/environ',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'https://user:pw@cdn.example/p.png',
    '/media/p.png\0',
    '/media/p.png\r\nX-API-Key: x',
    `https://cdn.example/${'a'.repeat(3000)}`,
    '',
  ])('refuses odd address %#', (raw) => {
    expect(planImageFetch(raw, base).kind).toBe('refused');
  });
});

describe('sniffImage', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  it('knows pictures by their first bytes', () => {
    expect(sniffImage(png)).toBe('image/png');
    expect(sniffImage(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(new TextEncoder().encode('\0\0\0\x1cftypavif'))).toBe('image/avif');
    expect(sniffImage(new TextEncoder().encode('id,name\n1,x\n'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it('takes an answer only when its type and its bytes agree', () => {
    expect(isImageAnswer('image/png', png)).toBe(true);
    expect(isImageAnswer('image/gif', png)).toBe(false);
    expect(isImageAnswer('image/png', new TextEncoder().encode('PACKBENCH_API_KEY=x'))).toBe(false);
  });
});
