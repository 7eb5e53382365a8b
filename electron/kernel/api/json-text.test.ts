import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { jsonBodyOf, jsonTextOf } from './json-text';

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

  it('reads a body shorter than a BOM after one that had it, from the bytes of its own', () => {
    // The bytes of one body sit in a buffer kept between reads, past the end of the next one.
    expect(JSON.parse(viaChunks(bytes('\ufeff["é"]'), 3))).toEqual(['é']);
    expect(viaChunks(bytes('7'), 1)).toBe('7');
    expect(viaChunks(bytes('[]'), 1)).toBe('[]');
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

describe('a JSON body read whole (jsonBodyOf)', () => {
  const page = (rows: number) => ({
    count: rows,
    next: null,
    results: Array.from({ length: rows }, (_, i) => ({
      id: i + 1,
      name: `Zoë Łukasiewicz ${i} “quoted” \\ },{`,
      note: 'x'.repeat(300),
      unknown_field: { nested: [i, 'é'] },
    })),
  });
  const chunked = (text: string) => {
    const data = bytes(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += 64 * 1024) chunks.push(data.subarray(i, i + 64 * 1024));
    return { chunks, size: data.length };
  };
  const body = (text: string) => {
    const { chunks, size } = chunked(text);
    return jsonBodyOf(chunks, size);
  };

  it('gives what JSON.parse of the UTF-8 gives, and a text of the same value, at any size', () => {
    // 5 kB, 240 kB (the sizes once parsed in pieces) and 2.2 MB (a text made of pieces).
    for (const rows of [10, 300, 5000]) {
      const text = JSON.stringify(page(rows));
      const read = body(text);
      expect(read.blank).toBe(false);
      expect(read.value).toStrictEqual(JSON.parse(text));
      expect(JSON.parse(read.text)).toStrictEqual(JSON.parse(text));
    }
  });

  it('keeps the text of a body of several MB on the V8 heap, not as an external string', () => {
    // An external string's characters count as V8's external memory, whose growth starts
    // full GCs (json-text.ts, latin1Text). Measured on the second read: the first one grows
    // the shared buffers, themselves external.
    for (const text of [JSON.stringify(page(5000)), 'x'.repeat(10).padEnd(2_500_000, ' ')]) {
      const { chunks, size } = chunked(JSON.stringify(text));
      jsonBodyOf(chunks, size);
      const before = getHeapStatistics().external_memory;
      const read = jsonBodyOf(chunks, size);
      const grown = getHeapStatistics().external_memory - before;
      expect(read.value).toBe(text);
      expect(grown).toBeLessThan(size / 4);
    }
  });

  it('says blank for only whitespace, and no value for malformed or cut-short JSON', () => {
    expect(body(' \n\t')).toMatchObject({ blank: true, value: undefined });
    const text = JSON.stringify(page(300));
    for (const broken of [text.slice(0, -40), text.replace('"results":[', '"results":[,')]) {
      expect(body(broken)).toMatchObject({ blank: false, value: undefined });
    }
  });
});
