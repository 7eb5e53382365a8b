/**
 * The console's own CSV files (the board, the recall list, the reorder list, the stock list):
 * any text survives a round trip through a CSV reader, nothing is replaced, a missing folder is
 * made, and the contract refuses a table whose rows do not fit its header.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeContract } from '@shared/contract/bridge-contract';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderChoices } from '../folder-choices';
import { csvText, writeCsvTable } from './csv-file';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-csv-file-')));
/** Folders chosen as the renderer would: an id handed out for a folder inside a root. */
const folders = new FolderChoices([{ id: 'documents', label: 'Test', path: dir }]);
const into = async (subfolder: string) =>
  (await folders.chooseInRoot('documents', subfolder)).choiceId;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = new Date(2026, 10, 24, 8, 30, 0);

const awkward = [
  ['B-1, "north"', 'Line one\nline two', 'Ünïcödé ✓', null, true, 0],
  ['=SUM(A1)', '', 'tab\there', -3, false, 1.5],
];
const header = ['batch', 'note', 'name', 'empty', 'flag', 'units'];

describe('CSV tables', () => {
  it('reads back cell for cell, with yes/no for flags and empty for nothing', async () => {
    const text = await csvText({ header, rows: awkward });
    // A line break inside a cell is quoted, or a reader takes it for a new record.
    expect(text).toContain('"Line one\nline two"');
    const back = parse(text) as string[][];
    expect(back[0]).toEqual(header);
    expect(back[1]).toEqual(['B-1, "north"', 'Line one\nline two', 'Ünïcödé ✓', '', 'yes', '0']);
    expect(back[2]).toEqual(['=SUM(A1)', '', 'tab\there', '-3', 'no', '1.5']);
  });

  it('is written to a folder made when missing, 0600, under a dated name', async () => {
    const target = join(dir, 'new', 'deeper');
    const result = await writeCsvTable(
      { header, rows: awkward },
      { destination: await into('new/deeper'), exportDir: dir, folders, prefix: 'recalls', now },
    );
    expect(result.path).toBe(join(target, 'recalls-20261124-083000.csv'));
    expect(result.rows).toBe(2);
    expect(statSync(result.path).mode & 0o777).toBe(0o600);
    expect(result.bytes).toBe(statSync(result.path).size);
    expect((parse(readFileSync(result.path, 'utf8')) as unknown[]).length).toBe(3);
  });

  it('never replaces a file: a name that exists gets (2)', async () => {
    mkdirSync(join(dir, 'again'));
    const taken = join(dir, 'again', 'exceptions-board-20261124-083000.csv');
    writeFileSync(taken, 'keep me');
    const result = await writeCsvTable(
      { header: ['a'], rows: [['1']] },
      {
        destination: await into('again'),
        exportDir: dir,
        folders,
        prefix: 'exceptions-board',
        now,
      },
    );
    expect(result.path).toBe(join(dir, 'again', 'exceptions-board-20261124-083000 (2).csv'));
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
  });

  it('an empty table is a header line alone', async () => {
    const result = await writeCsvTable(
      { header: ['a', 'b'], rows: [] },
      { destination: undefined, exportDir: join(dir, 'default'), prefix: 'reorder', now },
    );
    expect(result.rows).toBe(0);
    expect(readFileSync(result.path, 'utf8')).toBe('a,b\r\n');
  });

  it('the contract refuses rows that do not fit the header, and names it', () => {
    const parsed = bridgeContract.tableExport.args.safeParse({
      name: 'recalls',
      header: ['a', 'b'],
      rows: [['1', '2'], ['3']],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Every row needs one value per column.');
    expect(
      bridgeContract.tableExport.args.safeParse({ name: 'other', header: ['a'], rows: [] }).success,
    ).toBe(false);
  });
});
