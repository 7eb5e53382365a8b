import { describe, expect, it } from 'vitest';
import { base64ToBytes, labelKind, labelSize } from './label-bytes';
import { sketchZpl } from './zpl-sketch';

const b64 = (s: string) => btoa(s);

describe('label kind', () => {
  it('goes by the bytes, the format string only breaking a tie', () => {
    expect(labelKind(base64ToBytes(b64('%PDF-1.7')), 'ZPL')).toBe('pdf');
    expect(labelKind(base64ToBytes(b64('\x89PNG\r\n')), 'PDF')).toBe('png');
    expect(labelKind(base64ToBytes(b64('GIF89a')), null)).toBe('gif');
    expect(labelKind(base64ToBytes(b64('\n ^XA^FDx^FS^XZ')), 'PDF')).toBe('zpl');
    expect(labelKind(base64ToBytes(b64('????')), 'gif')).toBe('gif');
    expect(labelKind(base64ToBytes(b64('????')), 'EPL')).toBe('unknown');
  });
});

describe('label size', () => {
  it('says bytes under a kilobyte (a 9-byte label is not "1 kB")', () => {
    expect(labelSize(9)).toBe('9 bytes');
    expect(labelSize(1)).toBe('1 byte');
    expect(labelSize(0)).toBe('0 bytes');
    expect(labelSize(12 * 1024)).toBe(
      new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte' }).format(12),
    );
  });
});

describe('ZPL sketch', () => {
  it('places text (with hex escapes), boxes and barcodes', () => {
    const s = sketchZpl(
      '^XA^CI28^PW400^LL600^LH0,0\n^FO10,20^A0N,30,30^FB380,1,0,C^FH\\^FDA\\5EB^FS\n^FO5,5^GB390,3,3,B^FS\n^FO40,100^BY2^BCN,80,Y,N,N^FH\\^FDCD123^FS\n^PQ1^XZ^FO1,1^FDafter^FS',
    );
    expect(s.width).toBe(400);
    expect(s.height).toBe(600);
    expect(s.items).toEqual([
      { kind: 'text', x: 10, y: 20, size: 30, text: 'A^B', center: 380 },
      { kind: 'box', x: 5, y: 5, width: 390, height: 3, thickness: 3 },
      { kind: 'barcode', x: 40, y: 100, height: 80, module: 2, data: 'CD123', line: true },
    ]);
  });
});
