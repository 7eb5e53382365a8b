import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LabelFormat, sniffLabelFormat } from './label-format';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const anyBytes = fc.uint8Array({ maxLength: 64 });
/** What generators put before ZPL: nothing, or spaces, tabs, newlines and form feeds. */
const whitespace = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\f'), { maxLength: 12 })
  .map((chars) => ascii(chars.join('')));
const maybeBom = fc.boolean().map((bom) => (bom ? BOM : new Uint8Array()));
/** A ZPL opening: the start of a label, or a tilde command (a sign and two capitals/digits). */
const zplStart = fc.oneof(
  fc.constant(ascii('^XA')),
  fc
    .tuple(
      fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    )
    .map(([a, b]) => ascii(`~${a}${b}`)),
);
const binarySignature = fc.constantFrom<[LabelFormat, Uint8Array]>(
  ['pdf', ascii('%PDF-')],
  ['png', PNG_SIGNATURE],
  ['gif', ascii('GIF87a')],
  ['gif', ascii('GIF89a')],
);

describe('sniffLabelFormat', () => {
  it('recognises real labels by their first bytes', () => {
    expect(sniffLabelFormat(ascii('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(sniffLabelFormat(join(PNG_SIGNATURE, ascii('\0\0\0\rIHDR')))).toBe('png');
    expect(sniffLabelFormat(ascii('GIF89a\x10\0\x10\0'))).toBe('gif');
    expect(sniffLabelFormat(ascii('^XA^FO50,50^A0N,40,40^FDhi^FS^XZ'))).toBe('zpl');
    expect(sniffLabelFormat(utf8('\uFEFF\r\n^XA^CI28^FDÄ^FS^XZ'))).toBe('zpl');
    expect(sniffLabelFormat(ascii('~DGR:LOGO.GRF,00080,010,FFFF\n^XA^XGR:LOGO.GRF^XZ'))).toBe(
      'zpl',
    );
    expect(sniffLabelFormat(ascii('\n~SD15^XA^XZ'))).toBe('zpl');
  });

  it('calls anything else unknown, the carrier’s word notwithstanding', () => {
    for (const text of [
      '',
      '%PD',
      '%PDF',
      'GIF8',
      'GIF90a',
      'hello ^XA',
      '^XZ',
      '^xa^xz',
      '~',
      '~hello',
      '~D',
      'N\nq812\nA50,50,0,4,1,1,N,"EPL"\nP1\n',
      '\uFEFF',
      ' \n\t',
    ]) {
      expect(sniffLabelFormat(utf8(text)), JSON.stringify(text)).toBe('unknown');
    }
    // Binary formats start at the first byte: a BOM or a newline before them is not a PDF.
    expect(sniffLabelFormat(join(BOM, ascii('%PDF-1.7')))).toBe('unknown');
    expect(sniffLabelFormat(ascii('\n%PDF-1.7'))).toBe('unknown');
  });

  it('a binary signature decides, whatever follows', () => {
    fc.assert(
      fc.property(binarySignature, anyBytes, ([format, signature], rest) => {
        expect(sniffLabelFormat(join(signature, rest))).toBe(format);
      }),
    );
  });

  it('ZPL after any whitespace and an optional BOM is ZPL, whatever follows', () => {
    fc.assert(
      fc.property(maybeBom, whitespace, zplStart, anyBytes, (bom, space, start, rest) => {
        expect(sniffLabelFormat(join(bom, space, start, rest))).toBe('zpl');
      }),
    );
  });

  it('is decided by a prefix: appending bytes never changes a recognised format', () => {
    // Heads pieced together from the signatures' parts, so that recognised, truncated and
    // near-miss prefixes all occur (random bytes would almost never be a label).
    const piece = fc.oneof(
      fc.constantFrom(
        BOM,
        PNG_SIGNATURE.subarray(0, 4),
        ...['%PDF-', 'GIF8', '7a', '9a', '^', 'XA', '~', 'DG', ' ', '\n'].map(ascii),
      ),
      fc.uint8Array({ minLength: 1, maxLength: 2 }),
    );
    const head = fc.array(piece, { maxLength: 5 }).map((pieces) => join(...pieces));
    let recognised = 0;
    fc.assert(
      fc.property(head, anyBytes, (start, tail) => {
        const format = sniffLabelFormat(start);
        if (format === 'unknown') return;
        recognised++;
        expect(sniffLabelFormat(join(start, tail))).toBe(format);
      }),
      { numRuns: 2000 },
    );
    expect(recognised).toBeGreaterThan(100);
  });

  it('bytes that start with none of the signs are unknown', () => {
    const signs = new Set([0x25, 0x89, 0x47, 0x5e, 0x7e, 0xef, 0x20, 0x09, 0x0a, 0x0d, 0x0c]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }).filter((b) => !signs.has(b)),
        anyBytes,
        (first, rest) => {
          expect(sniffLabelFormat(join(Uint8Array.of(first), rest))).toBe('unknown');
        },
      ),
    );
  });

  it('text before the first command makes it not ZPL', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((s) => /^[\s\uFEFF]*[^\s\uFEFF^~%G]/u.test(s)),
        zplStart,
        (text, start) => {
          expect(sniffLabelFormat(join(utf8(text), start))).toBe('unknown');
        },
      ),
    );
  });
});
