import { describe, expect, it } from 'vitest';
import { jsonTextOf } from './json-text';

const bytes = (text: string) => new TextEncoder().encode(text);
const viaChunks = (data: Uint8Array, size: number) => {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
  return jsonTextOf(chunks, data.length);
};

describe('JSON text from UTF-8 bytes', () => {
  it('parses to exactly what the UTF-8 holds, whatever the characters and chunking', () => {
    const value = {
      ascii: 'plain',
      accents: 'Lumière Cosmétiques — München',
      emoji: '📦 parcel 🚚',
      cjk: '東京都',
      'key é': ['ß', 'ø', '\u2028', 'a\\u00e9b', '"quoted"'],
      n: 1.5,
    };
    const data = bytes(JSON.stringify(value));
    for (const size of [1, 2, 3, 7, 64, data.length]) {
      const text = viaChunks(data, size);
      expect(JSON.parse(text)).toEqual(value);
      expect(Buffer.from(text, 'latin1').every((byte) => byte < 0x80)).toBe(true);
    }
  });

  it('keeps pure ASCII as it is, drops a BOM, and is empty for no bytes', () => {
    expect(viaChunks(bytes('{"a":1}'), 3)).toBe('{"a":1}');
    expect(JSON.parse(viaChunks(bytes('\ufeff{"a":"é"}'), 2))).toEqual({ a: 'é' });
    expect(jsonTextOf([], 0)).toBe('');
  });

  it('reads broken UTF-8 as U+FFFD, as a UTF-8 decoder does', () => {
    const broken = new Uint8Array([...bytes('{"a":"x'), 0xff, 0xc3, ...bytes('y"}')]);
    expect(JSON.parse(viaChunks(broken, 4))).toEqual(
      JSON.parse(Buffer.from(broken).toString('utf8')),
    );
  });

  it('leaves JSON that is invalid invalid', () => {
    expect(() => JSON.parse(viaChunks(bytes('{"a":1}é'), 2))).toThrow();
  });

  it('reads a whole body, large ones included', () => {
    const big = { rows: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `Zoë ${i} — ✓` })) };
    expect(JSON.parse(viaChunks(bytes(JSON.stringify(big)), 64 * 1024))).toEqual(big);
    // A smaller body after a larger one reuses the buffers without leftovers.
    expect(viaChunks(bytes('{"ok":true}'), 4)).toBe('{"ok":true}');
  });
});

describe('JSON text against a UTF-8 decoder, on random bytes inside strings', () => {
  it('gives what Buffer#toString gives, for 2,000 random strings', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const inner = Array.from({ length: 1 + (next() % 12) }, () => {
        const b = next() % 256;
        // Bytes that would end the string or escape in JSON are kept out.
        return b === 0x22 || b === 0x5c || b < 0x20 ? 0x41 : b;
      });
      const data = new Uint8Array([0x5b, 0x22, ...inner, 0x22, 0x5d]);
      const expected = JSON.parse(Buffer.from(data).toString('utf8'));
      expect(JSON.parse(jsonTextOf([data], data.length))).toEqual(expected);
    }
  });
});
