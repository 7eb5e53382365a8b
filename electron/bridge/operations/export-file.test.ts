import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultExportName, resolveTarget } from './export-file';

const root = mkdtempSync(join(tmpdir(), 'packbench-target-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('export targets', () => {
  it('names a default file after the local date and time', () => {
    expect(defaultExportName('orders', new Date(2026, 0, 5, 7, 8, 9))).toBe(
      'orders-20260105-070809.csv',
    );
  });

  it('takes a folder, a file path, or the default folder', async () => {
    mkdirSync(join(root, 'exports.d'));
    expect(await resolveTarget(undefined, root)).toEqual({ dir: root });
    expect(await resolveTarget(root, '/nowhere')).toEqual({ dir: root });
    // A folder whose name has a dot is still a folder.
    expect(await resolveTarget(join(root, 'exports.d'), root)).toEqual({
      dir: join(root, 'exports.d'),
    });
    expect(await resolveTarget(join(root, 'march.csv'), root)).toEqual({
      dir: root,
      fileName: 'march.csv',
    });
  });

  it('refuses a folder that does not exist or is a file', async () => {
    writeFileSync(join(root, 'plain'), 'x');
    await expect(resolveTarget(undefined, join(root, 'gone'))).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
    await expect(resolveTarget(join(root, 'plain'), root)).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
    await expect(resolveTarget(join(root, 'gone', 'x.csv'), root)).rejects.toMatchObject({
      error: { code: 'file_error', message: expect.stringMatching(/does not exist/) },
    });
  });
});
