import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { CsvRowCounter } from './csv-rows';
import { fileNameFromDisposition, readBounded, safeFileName, withStreamRetries } from './download';
import { streamOf } from './test-support/streams';

const dir = mkdtempSync(join(tmpdir(), 'packbench-download-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rows(...chunks: string[]): number {
  const counter = new CsvRowCounter();
  for (const c of chunks) counter.push(new TextEncoder().encode(c));
  return counter.dataRows;
}

describe('CsvRowCounter', () => {
  it('counts records, not line breaks inside quoted fields', () => {
    expect(rows('id,note\r\n1,"two\r\nlines"\r\n2,"say ""hi"""\r\n')).toBe(2);
    expect(rows('id\n1\n2')).toBe(2); // no final line break
    expect(rows('id\r\n')).toBe(0);
    expect(rows('')).toBe(0);
  });

  it('is the same however the stream is cut', () => {
    const csv = 'a,b\r\n1,"x\r\ny"\r\n2,"q""q"\r\n3,z\r\n';
    for (let cut = 0; cut <= csv.length; cut++) {
      expect(rows(csv.slice(0, cut), csv.slice(cut))).toBe(3);
    }
  });
});

describe('file names', () => {
  it('reads Content-Disposition in its forms', () => {
    expect(fileNameFromDisposition('attachment; filename="orders-20261122.csv"')).toBe(
      'orders-20261122.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=label.pdf')).toBe('label.pdf');
    expect(
      fileNameFromDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''M%C3%BCller.pdf`),
    ).toBe('Müller.pdf');
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });

  it('keeps a name inside its folder', () => {
    expect(fileNameFromDisposition('attachment; filename="../../.bashrc"')).toBe('bashrc');
    expect(safeFileName('C:\\Windows\\system32\\evil.dll')).toBe('evil.dll');
    expect(safeFileName('a<b>c:d|e?.pdf')).toBe('a_b_c_d_e_.pdf');
    expect(safeFileName('..')).toBeUndefined();
    expect(safeFileName('CON.txt')).toBeUndefined();
    expect(safeFileName(`${'x'.repeat(300)}.csv`)).toHaveLength(120);
  });
});

describe('readBounded and retries', () => {
  it('reads a small document whole and refuses one over the bound', async () => {
    expect((await readBounded(streamOf('%PDF', '-1.7'))).toString()).toBe('%PDF-1.7');
    await expect(readBounded(streamOf('12345', '67890'), 8)).rejects.toMatchObject({
      error: { code: 'bad_response' },
    });
  });

  it('asks again when a download breaks off, but not for other failures', async () => {
    let calls = 0;
    const value = await withStreamRetries(async () => {
      calls += 1;
      if (calls < 3) throw new BridgeFailure('network', 'broke off');
      return 'done';
    });
    expect([value, calls]).toEqual(['done', 3]);
    calls = 0;
    await expect(
      withStreamRetries(async () => {
        calls += 1;
        throw new BridgeFailure('not_found', 'gone');
      }),
    ).rejects.toMatchObject({ error: { code: 'not_found' } });
    expect(calls).toBe(1);
  });
});
