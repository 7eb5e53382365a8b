/**
 * The list splitter against JSON.parse of the whole body: every element, in order, whatever
 * the pieces the body arrives in (cut inside strings, escapes, numbers and multi-byte
 * characters), and a clear SyntaxError for what is not one JSON array.
 */
import { describe, expect, it } from 'vitest';
import { JsonArrayElements } from './json-array-elements';

const encoder = new TextEncoder();

class NotAList extends Error {}

/** Feeds `body` in pieces cut at `cuts` (byte offsets); returns the elements and the end. */
function split(body: string | Uint8Array, cuts: readonly number[] = []) {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const out: { value: unknown; index: number }[] = [];
  const parser = new JsonArrayElements(
    (value, index) => out.push({ value, index }),
    () => new NotAList('not a list'),
  );
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.write(bytes.subarray(from, cut));
    from = cut;
  }
  parser.end();
  return out;
}

const awkward = [
  { id: 'shp 1/#?', note: 'a "quoted" word, a \\ backslash, ] and } and , inside' },
  { nested: { list: [1, [2, [3]], { deep: [] }], empty: {} }, unicode: 'Müller – 東京 😀' },
  'a plain string, with a comma',
  -12.5e3,
  true,
  null,
  [],
  {},
  { escapes: '\u0000\n\t\u2028', slash: '/' },
];

describe('the elements of a JSON list as it arrives', () => {
  const body = ` \n${JSON.stringify(awkward, null, 2)}\n `;
  const bytes = encoder.encode(body);

  it('gives every element in order, as JSON.parse reads the whole list', () => {
    const out = split(body);
    expect(out.map((e) => e.value)).toEqual(JSON.parse(body));
    expect(out.map((e) => e.index)).toEqual([...awkward.keys()]);
  });

  it('gives the same whatever the pieces: cut at every byte, and at random places', () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(split(bytes, [cut]).map((e) => e.value)).toEqual(awkward);
    }
    const random = mulberry32(7);
    for (let run = 0; run < 200; run++) {
      const cuts = Array.from({ length: 12 }, () => Math.floor(random() * bytes.length)).sort(
        (a, b) => a - b,
      );
      expect(split(bytes, cuts).map((e) => e.value)).toEqual(awkward);
    }
    // Every byte its own piece: multi-byte characters and escapes cut in every place.
    const each = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(split(bytes, each).map((e) => e.value)).toEqual(awkward);
  });

  it('reads an empty list, and a byte-order mark or whitespace before the list', () => {
    expect(split('[]')).toEqual([]);
    expect(split(' [ \n ] ')).toEqual([]);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('[1,2]')]);
    expect(split(bom).map((e) => e.value)).toEqual([1, 2]);
  });

  it('refuses what is not one JSON array', () => {
    expect(() => split('{"results": []}')).toThrow(NotAList);
    expect(() => split('"a string"')).toThrow(NotAList);
    for (const bad of [
      '[1,]',
      '[,1]',
      '[1,,2]',
      '[1 2]',
      '[{"a":1}}]',
      '[{} 1]',
      '[1] 2',
      '[{"a":',
    ]) {
      expect(() => split(bad), bad).toThrow(SyntaxError);
    }
    expect(() => split(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]))).toThrow(SyntaxError);
  });

  it('a bad element in a piece: the good ones before it are handed on, in order, then the error', () => {
    const seen: unknown[] = [];
    const parser = new JsonArrayElements(
      (value) => seen.push(value),
      () => new NotAList(),
    );
    // Whole elements of one piece are parsed together; a bad one among them is found alone.
    expect(() =>
      parser.write(encoder.encode('[{"id":1},{"id":2},{"id":3},{"id":},{"id":5},{"id":6}')),
    ).toThrow(SyntaxError);
    expect(seen).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // And a fault of the list itself after whole elements: those come first too.
    const after: unknown[] = [];
    const list = new JsonArrayElements(
      (value) => after.push(value),
      () => new NotAList(),
    );
    expect(() => list.write(encoder.encode('[{"id":1},{"id":2} {"id":3}]'))).toThrow(
      'Expected "," or "]" after an element',
    );
    expect(after).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('hands over each element as soon as it is complete, before the list ends', () => {
    const seen: unknown[] = [];
    const parser = new JsonArrayElements(
      (value) => seen.push(value),
      () => new NotAList(),
    );
    parser.write(encoder.encode('[{"id":1},{"id":'));
    expect(seen).toEqual([{ id: 1 }]);
    // An object is whole at its closing brace; a number only once a comma or "]" ends it.
    parser.write(encoder.encode('2}, 3'));
    expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
    expect(parser.ended).toBe(false);
    parser.write(encoder.encode('4]'));
    expect(seen).toEqual([{ id: 1 }, { id: 2 }, 34]);
    expect(parser.ended).toBe(true);
  });
});

/** A small seeded generator, so a failing cut can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
