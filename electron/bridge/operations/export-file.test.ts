import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

  it('creates a folder that does not exist, and refuses a file in its place', async () => {
    writeFileSync(join(root, 'plain'), 'x');
    expect(await resolveTarget(undefined, join(root, 'gone'))).toEqual({ dir: join(root, 'gone') });
    expect(statSync(join(root, 'gone')).isDirectory()).toBe(true);
    await expect(resolveTarget(join(root, 'plain'), root)).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
    expect(await resolveTarget(join(root, 'new', 'x.csv'), root)).toEqual({
      dir: join(root, 'new'),
      fileName: 'x.csv',
    });
    await expect(resolveTarget(join(root, 'plain', 'x.csv'), root)).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
  });

  it('writes only .csv files, whatever name was chosen', async () => {
    expect(await resolveTarget(join(root, 'report.txt'), root)).toEqual({
      dir: root,
      fileName: 'report.txt.csv',
    });
    expect(await resolveTarget(join(root, 'run.sh'), root)).toMatchObject({
      fileName: 'run.sh.csv',
    });
    expect(await resolveTarget(join(root, 'March.CSV'), root)).toMatchObject({
      fileName: 'March.CSV',
    });
  });
});
