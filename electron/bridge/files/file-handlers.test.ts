/**
 * Files as a person meets them: the picker and the file manager only where a desktop shell
 * exists (browser mode says to download instead), and only the console's own files and
 * folders reachable, whatever path a page asks for.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../handler-types';
import type { DesktopShell } from './desktop-shell';
import { createFileHandlers } from './file-handlers';
import { WrittenFiles } from './written-files';

const dir = mkdtempSync(join(tmpdir(), 'packbench-files-'));
const exportDir = join(dir, 'exports');
const printFolder = join(dir, 'printed');
mkdirSync(exportDir);
mkdirSync(printFolder);
const exported = join(exportDir, 'returns-20261123-101500.csv');
writeFileSync(exported, 'id\n1\n');
const printed = join(printFolder, 'label.pdf');
writeFileSync(printed, '%PDF-1.7');
const foreign = join(dir, 'secret.txt');
writeFileSync(foreign, 'not ours');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = { signal: new AbortController().signal, progress: () => {} } as CallContext;
const written = new WrittenFiles();
written.add(exported);

function desktopShell() {
  const seen: string[] = [];
  const shell: DesktopShell = {
    pickFolder: async (o) => {
      seen.push(`pick ${o.defaultPath}`);
      return '/home/ana/Exports';
    },
    openFolder: async (f) => {
      seen.push(`open ${f}`);
      return '';
    },
    showFile: (f) => void seen.push(`show ${f}`),
  };
  return { shell, seen };
}

describe('in the desktop app', () => {
  const { shell, seen } = desktopShell();
  const h = createFileHandlers({
    exportDir,
    printFolder: () => printFolder,
    written,
    desktop: shell,
    transport: 'electron',
  });

  it('offers the picker, starting in the export folder, and the file manager', async () => {
    expect(await h.filesInfo({}, ctx)).toEqual({
      exportDir,
      canPickFolder: true,
      canReveal: true,
      canDownload: false,
    });
    expect(await h.folderPick({ purpose: 'export' }, ctx)).toEqual({ path: '/home/ana/Exports' });
    await h.pathReveal({ path: exported, as: 'file' }, ctx);
    await h.pathReveal({ path: exportDir, as: 'folder' }, ctx);
    await h.pathReveal({ path: printed, as: 'file' }, ctx);
    expect(seen).toEqual([
      `pick ${exportDir}`,
      `show ${exported}`,
      `open ${exportDir}`,
      `show ${printed}`,
    ]);
  });

  it('refuses to show or open anything Packbench did not write', async () => {
    await expect(h.pathReveal({ path: foreign, as: 'file' }, ctx)).rejects.toThrow(
      /not a file or folder Packbench wrote/,
    );
    await expect(h.pathReveal({ path: dir, as: 'folder' }, ctx)).rejects.toThrow(
      /not a file or folder Packbench wrote/,
    );
    await expect(h.pathReveal({ path: join(dir, 'gone.csv'), as: 'file' }, ctx)).rejects.toThrow(
      /no longer there/,
    );
  });
});

describe('in browser mode', () => {
  const h = createFileHandlers({
    exportDir,
    printFolder: () => printFolder,
    written,
    transport: 'browser',
  });

  it('has no picker or file manager, and says to download instead', async () => {
    expect(await h.filesInfo({}, ctx)).toMatchObject({
      canPickFolder: false,
      canReveal: false,
      canDownload: true,
    });
    await expect(h.folderPick({ purpose: 'export' }, ctx)).rejects.toThrow(/Use Download/);
  });

  it('hands over a file it wrote, and nothing else', async () => {
    const file = await h.savedFileGet({ path: exported }, ctx);
    expect(file).toMatchObject({
      fileName: 'returns-20261123-101500.csv',
      contentType: 'text/csv',
    });
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('id\n1\n');
    await expect(h.savedFileGet({ path: foreign }, ctx)).rejects.toThrow(/not a file/);
    await expect(h.savedFileGet({ path: printFolder }, ctx)).rejects.toThrow(/not a file/);
  });
});
