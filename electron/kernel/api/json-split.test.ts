/**
 * A large body parsed in pieces (json-split.ts) must give exactly what JSON.parse of its UTF-8
 * text gives, or decline (undefined) so the caller parses the whole: never another value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSplit } from './json-split';
import { jsonBodyOf } from './json-text';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const parsed = (text: string) => JSON.parse(text) as unknown;

/** A row whose strings hold what a scanner could trip on. */
const row = (i: number) => ({
  id: i,
  recipient_name: i % 3 === 0 ? 'Łucja Wąs — Zoë “Ö” 📦' : `Name ${i}`,
  note: 'a },{ b ], [ c "quoted" \\ back\\slash\\\\',
  quote: '"}, {"id": 0, "x": ["',
  items: [
    { sku: `S-${i}`, qty: 1, price: '22.99', meta: { a: [1, 2, { b: null }] } },
    { sku: `T-${i}`, qty: 2, price: '1.50', meta: {} },
  ],
  weight_kg: 0.276,
  flags: [true, false, null],
});
const page = (rows: number, extra: Record<string, unknown> = {}) => ({
  count: 20000,
  next: 'http://127.0.0.1/api/orders/?page=2',
  previous: null,
  results: Array.from({ length: rows }, (_, i) => row(i + 1)),
  ...extra,
});

describe('a page parsed as its envelope and its rows', () => {
  it('is the value JSON.parse gives, in the same key order, and its text parses to it', () => {
    for (const text of [
      JSON.stringify(page(400)),
      JSON.stringify(page(400), null, 2),
      // The array not last, other arrays before it, whitespace everywhere.
      ` { "tags" : [1,2] , "results" : ${JSON.stringify(page(300).results, null, 1)} , "count" : 3 } `,
    ]) {
      const split = parseSplit(bytes(text));
      expect(split).toBeDefined();
      expect(split?.value).toStrictEqual(parsed(text));
      expect(Object.keys(split?.value as object)).toEqual(Object.keys(parsed(text) as object));
      expect(parsed(split?.text as string)).toStrictEqual(parsed(text));
    }
  });

  it('reads broken UTF-8 inside a row as U+FFFD, as a decoder of the whole does', () => {
    const text = JSON.stringify(page(300));
    const body = bytes(text);
    const at = body.indexOf('Name 7');
    body[at + 1] = 0xff;
    expect(parseSplit(body)?.value).toStrictEqual(parsed(body.toString('utf8')));
  });

  it('declines what it cannot read exactly as the whole, so the whole is parsed', () => {
    const good = JSON.stringify(page(300));
    const declined = [
      good.replace('"results":[', '"results":[,'), // an empty element
      good.replace(/}]}$/, '},]}'), // a trailing comma
      good.slice(0, -200), // cut short
      good.replace('"count":', '"results":7,"count":'), // the key twice: the parse keeps the last
      good.replace('"results":', '"__proto__":'),
      JSON.stringify(page(300).results), // not an object
      JSON.stringify(page(10)), // the array too small to be worth it
      good.replace('"previous":null', '"previous":nul'), // the envelope broken
    ];
    for (const text of declined) expect(parseSplit(bytes(text))).toBeUndefined();
  });

  it('a blank array between far-apart brackets is no rows', () => {
    const text = `{"count":0,"results":[${' '.repeat(20_000)}],"next":null}`;
    const split = parseSplit(bytes(text));
    expect(split?.value).toStrictEqual({ count: 0, results: [], next: null });
    expect(parsed(split?.text as string)).toStrictEqual(parsed(text));
  });

  it('any envelope of any rows: the same value as JSON.parse, or declined', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 30 }),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
        fc.nat(5_000),
        (rows, extra, pad) => {
          const text = JSON.stringify({
            ...extra,
            results: [...rows, 'x'.repeat(16_384 + pad)],
          });
          const split = parseSplit(bytes(text));
          expect(split?.value).toStrictEqual(parsed(text));
          expect(parsed(split?.text as string)).toStrictEqual(parsed(text));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a body read whole (jsonBodyOf)', () => {
  const read = (text: string, chunk = 4096) => {
    const data = bytes(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += chunk) chunks.push(data.subarray(i, i + chunk));
    return jsonBodyOf(chunks, data.length);
  };

  it('gives the value of small and large bodies alike, a BOM dropped', () => {
    for (const text of [JSON.stringify(page(2)), JSON.stringify(page(200))]) {
      const body = read(`\ufeff${text}`);
      expect(body.value).toStrictEqual(parsed(text));
      expect(parsed(body.text)).toStrictEqual(parsed(text));
      expect(body.blank).toBe(false);
    }
  });

  it('a blank body is blank, malformed JSON has no value, small or large', () => {
    expect(read(' \n\t ')).toMatchObject({ value: undefined, blank: true });
    expect(read('')).toMatchObject({ value: undefined, blank: true, text: '' });
    const large = JSON.stringify(page(200));
    for (const text of ['{"id": 7, "recipient_na<html>', large.slice(0, -3), `${large}x`]) {
      expect(read(text)).toMatchObject({ value: undefined, blank: false });
    }
  });
});
