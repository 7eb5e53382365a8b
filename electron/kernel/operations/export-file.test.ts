/**
 * Where an export goes: the default folder, or the folder behind a choice the main process
 * handed out (never a path from the page); made when missing; a file in its place refused.
 */
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderChoices } from '../folder-choices';
import { csvName, defaultExportName, resolveTarget, unverifiedWords } from './export-file';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-target-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folders = new FolderChoices([{ id: 'documents', label: 'Test', path: root }]);
const into = async (subfolder: string) =>
  (await folders.chooseInRoot('documents', subfolder)).choiceId;

describe('export targets', () => {
  it('names a default file after the local date and time', () => {
    expect(defaultExportName('orders', new Date(2026, 0, 5, 7, 8, 9))).toBe(
      'orders-20260105-070809.csv',
    );
  });

  it('takes the default folder, or a chosen folder by its id, made when missing', async () => {
    expect(await resolveTarget(undefined, join(root, 'default'), folders)).toEqual({
      dir: join(root, 'default'),
    });
    expect(statSync(join(root, 'default')).isDirectory()).toBe(true);
    expect(await resolveTarget(await into('exports.d/march'), '/nowhere', folders)).toEqual({
      dir: join(root, 'exports.d', 'march'),
    });
    expect(statSync(join(root, 'exports.d', 'march')).isDirectory()).toBe(true);
  });

  it('refuses an id never handed out, any destination without choices, a file in the way', async () => {
    await expect(
      resolveTarget('folder-AAAAAAAAAAAAAAAAAAAAAAAA', root, folders),
    ).rejects.toMatchObject({ error: { code: 'invalid_arguments' } });
    await expect(resolveTarget(root, root)).rejects.toMatchObject({
      error: { code: 'invalid_arguments' },
    });
    writeFileSync(join(root, 'plain'), 'x');
    await expect(resolveTarget(await into('plain'), root, folders)).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
  });

  it('writes only .csv files, whatever name was given', () => {
    expect(csvName('report.txt')).toBe('report.txt.csv');
    expect(csvName('run.sh')).toBe('run.sh.csv');
    expect(csvName('March.CSV')).toBe('March.CSV');
  });

  it('says an unverified export in words', () => {
    expect(unverifiedWords(1020, 'orders')).toBe(
      'unverified: 1,020 orders written, the count could not be checked',
    );
  });
});
