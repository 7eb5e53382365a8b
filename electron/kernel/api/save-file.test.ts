import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { BrokenBody, discard, ensureFolder, keepAside, publish, writeTemp } from './save-file';
import { streamOf } from './test-support/streams';

const dir = mkdtempSync(join(tmpdir(), 'packbench-save-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writing an export', () => {
  it('writes 0600, counts rows and bytes, and never replaces an existing file', async () => {
    writeFileSync(join(dir, 'orders.csv'), 'precious');
    const file = await writeTemp(streamOf('id,name\r\n', '1,a\r\n2,', 'b\r\n'), {
      dir,
      fileName: 'orders.csv',
    });
    expect(file).toMatchObject({ bytes: 19, rows: 2, endsOnRecord: true, endsInQuotes: false });
    expect(statSync(file.temp).mode & 0o777).toBe(0o600);
    const path = await publish(file, dir, 'orders.csv');
    expect(path).toBe(join(dir, 'orders (2).csv'));
    expect(readFileSync(join(dir, 'orders.csv'), 'utf8')).toBe('precious');
    expect(readFileSync(path, 'utf8')).toBe('id,name\r\n1,a\r\n2,b\r\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('tells how the CSV ended', async () => {
    const midRow = await writeTemp(streamOf('id,name\r\n1,Ada Lo'), { dir, fileName: 'a.csv' });
    expect(midRow).toMatchObject({ rows: 1, endsOnRecord: false, endsInQuotes: false });
    const inQuotes = await writeTemp(streamOf('id,note\r\n1,"two\r\nli'), {
      dir,
      fileName: 'b.csv',
    });
    expect(inQuotes).toMatchObject({ endsOnRecord: false, endsInQuotes: true });
    await Promise.all([discard(midRow), discard(inQuotes)]);
  });

  it('keeps a broken body aside only when asked, under a name that says so', async () => {
    const broken = new BridgeFailure('network', 'The connection broke off.');
    const error = await writeTemp(streamOf('id\r\n1\r\n', broken), {
      dir,
      fileName: 'broken.csv',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokenBody);
    const { file, failure } = error as BrokenBody;
    expect(failure).toBe(broken);
    const partial = await keepAside(file, dir, 'broken.csv');
    expect(partial).toBe(join(dir, 'broken.partial.csv'));
    // What had been written before the break, exactly as counted.
    expect(readFileSync(partial, 'utf8')).toBe('id\r\n1\r\n'.slice(0, file.bytes));
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('leaves nothing when cancelled', async () => {
    const before = readdirSync(dir).length;
    const abort = new AbortController();
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // A body that takes a turn per chunk (no clock): the cancel lands mid-write.
        await new Promise((r) => setImmediate(r));
        abort.abort();
        controller.enqueue(new Uint8Array([0x31, 0x0a]));
      },
    });
    await expect(
      writeTemp(slow, { dir, fileName: 'cancel.csv', signal: abort.signal }),
    ).rejects.toMatchObject({ error: { code: 'cancelled' } });
    expect(readdirSync(dir)).toHaveLength(before);
  });

  it('creates a missing folder, and refuses a file in its place', async () => {
    const nested = join(dir, 'new', 'deeper');
    await ensureFolder(nested);
    expect(statSync(nested).isDirectory()).toBe(true);
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    await expect(ensureFolder(join(dir, 'orders.csv'))).rejects.toMatchObject({
      error: { code: 'file_error', message: expect.stringMatching(/is a file, not a folder/) },
    });
    await expect(ensureFolder(join(dir, 'orders.csv', 'x'))).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
  });
});
