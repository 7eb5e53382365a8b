/**
 * Files as a person meets them, and as a hostile page cannot reach them: folders are chosen
 * (the desktop app's picker, browser mode's roots) and named by the id handed out; files are
 * named by the id they got when written; no path from the page is ever read or shown.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DownloadLinks, LINK_TTL_MS } from '../../kernel/dispatch/download-links';
import { FolderChoices } from '../../kernel/folder-choices';
import type { CallContext } from '../../kernel/handler-types';
import { defaultRoots } from '../../security/folder-policy';
import type { DesktopShell } from './desktop-shell';
import { createFileHandlers } from './file-handlers';
import { WrittenFiles } from './written-files';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-files-')));
const home = join(dir, 'home');
const configDir = join(home, '.config', 'packbench');
for (const d of ['Documents', 'Downloads', '.config/packbench', '.ssh']) {
  mkdirSync(join(home, d), { recursive: true });
}
const exportDir = join(home, 'Downloads', 'Packbench');
const printFolder = join(home, 'Documents', 'Packbench', 'Printed');
mkdirSync(exportDir, { recursive: true });
mkdirSync(printFolder, { recursive: true });
const exported = join(exportDir, 'returns-20261123-101500.csv');
writeFileSync(exported, 'id\n1\n');
const printed = join(printFolder, 'label.pdf');
writeFileSync(printed, '%PDF-1.7');
const secret = join(dir, 'secret.txt');
writeFileSync(secret, 'not ours');
// A symlink inside an allowed root that leads out of it.
symlinkSync(dir, join(home, 'Documents', 'escape'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = { signal: new AbortController().signal, progress: () => {} } as CallContext;
const written = new WrittenFiles();
const exportedId = written.add(exported);
const choices = new FolderChoices(defaultRoots(home, configDir));
const jobFile = (id: string) => (id === 'job-1' ? printed : undefined);

function desktopShell(picked: string) {
  const seen: string[] = [];
  const shell: DesktopShell = {
    pickFolder: async (o) => {
      seen.push(`pick ${o.defaultPath}`);
      return picked;
    },
    openFolder: async (f) => {
      seen.push(`open ${f}`);
      return '';
    },
    showFile: (f) => void seen.push(`show ${f}`),
  };
  return { shell, seen };
}

const deps = { exportDir, printFolder: () => printFolder, written, choices, jobFile };

describe('in the desktop app', () => {
  it('offers the picker, starting in the export folder, and hands the choice out by id', async () => {
    const { shell, seen } = desktopShell(join(home, 'Labels'));
    const h = createFileHandlers({ ...deps, desktop: shell, transport: 'electron' });
    expect(await h.filesInfo({}, ctx)).toMatchObject({
      exportDir,
      printFolder,
      canPickFolder: true,
      canReveal: true,
      canDownload: false,
    });
    const choice = await h.folderPick({ purpose: 'export' }, ctx);
    expect(choice).toEqual({ path: join(home, 'Labels'), choiceId: expect.any(String) });
    expect(await choices.resolve(choice.choiceId!)).toBe(join(home, 'Labels'));
    await h.pathReveal({ fileId: exportedId, as: 'file' }, ctx);
    await h.pathReveal({ fileId: exportedId, as: 'folder' }, ctx);
    await h.pathReveal({ jobId: 'job-1', as: 'file' }, ctx);
    await h.pathReveal({ folder: 'print-folder' }, ctx);
    expect(seen).toEqual([
      `pick ${exportDir}`,
      `show ${exported}`,
      `open ${exportDir}`,
      `show ${printed}`,
      `open ${printFolder}`,
    ]);
  });

  it('refuses a system folder or a dot-folder even from the picker', async () => {
    for (const picked of ['/proc/self', '/etc', join(home, '.ssh')]) {
      const h = createFileHandlers({
        ...deps,
        desktop: desktopShell(picked).shell,
        transport: 'electron',
      });
      await expect(h.folderPick({ purpose: 'print-folder' }, ctx), picked).rejects.toMatchObject({
        error: { code: 'invalid_arguments' },
      });
    }
  });

  it('shows nothing it did not write', async () => {
    const { shell, seen } = desktopShell(home);
    const h = createFileHandlers({ ...deps, desktop: shell, transport: 'electron' });
    await expect(
      h.pathReveal({ fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA', as: 'file' }, ctx),
    ).rejects.toThrow(/not a file Packbench wrote/);
    await expect(h.pathReveal({ jobId: 'job-2', as: 'folder' }, ctx)).rejects.toThrow(
      /not a file Packbench wrote/,
    );
    expect(seen).toEqual([]);
  });
});

describe('in browser mode', () => {
  const links = new DownloadLinks();
  const h = createFileHandlers({ ...deps, links, transport: 'browser' });

  it('has no picker or file manager; offers the roots instead', async () => {
    const info = await h.filesInfo({}, ctx);
    expect(info).toMatchObject({ canPickFolder: false, canReveal: false, canDownload: true });
    expect(info.roots.map((r) => [r.id, r.path])).toEqual([
      ['documents', join(home, 'Documents')],
      ['downloads', join(home, 'Downloads')],
      ['config', configDir],
    ]);
    await expect(h.folderPick({ purpose: 'export' }, ctx)).rejects.toThrow(/Use Download/);
    await expect(h.pathReveal({ folder: 'export' }, ctx)).rejects.toThrow(/Use Download/);
  });

  it('chooses a root or a subfolder of plain names inside it; nothing is made yet', async () => {
    const choice = await h.folderChoose(
      { purpose: 'export', root: 'downloads', subfolder: 'Packbench/Returns' },
      ctx,
    );
    expect(choice.path).toBe(join(home, 'Downloads', 'Packbench', 'Returns'));
    expect(readdirSync(join(home, 'Downloads', 'Packbench'))).not.toContain('Returns');
    // Used: made (0700) and judged again as it now is.
    expect(await choices.resolve(choice.choiceId!)).toBe(choice.path);
    expect(readdirSync(join(home, 'Downloads', 'Packbench'))).toContain('Returns');
  });

  it('refuses a way out of the roots: .., a dot-folder, a symlink leading out', async () => {
    for (const subfolder of ['..', '../..', '../../etc', '.ssh', 'a/.b', 'escape', 'escape/x']) {
      await expect(
        h.folderChoose({ purpose: 'export', root: 'documents', subfolder }, ctx),
        subfolder,
      ).rejects.toMatchObject({ error: { code: 'invalid_arguments' } });
    }
    expect(readdirSync(dir).sort()).toEqual(['home', 'secret.txt']);
  });

  it('refuses a choice swapped for a symlink after it was chosen', async () => {
    const choice = await h.folderChoose(
      { purpose: 'print-folder', root: 'documents', subfolder: 'Swapped' },
      ctx,
    );
    symlinkSync('/proc/self', join(home, 'Documents', 'Swapped'));
    await expect(choices.resolve(choice.choiceId!)).rejects.toThrow(/system folder/);
    unlinkSync(join(home, 'Documents', 'Swapped'));
  });

  it('refuses an id it never handed out', async () => {
    await expect(choices.resolve('folder-AAAAAAAAAAAAAAAAAAAAAAAA')).rejects.toThrow(
      /not chosen in this Packbench session/,
    );
  });

  it('hands over a file it wrote, by id, and nothing else', async () => {
    const file = await h.savedFileGet({ fileId: exportedId }, ctx);
    expect(file).toMatchObject({
      fileName: 'returns-20261123-101500.csv',
      contentType: 'text/csv',
    });
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('id\n1\n');
    expect(
      Buffer.from((await h.savedFileGet({ jobId: 'job-1' }, ctx)).base64, 'base64').toString(),
    ).toBe('%PDF-1.7');
    await expect(h.savedFileGet({ fileId: 'file-BBBBBBBBBBBBBBBBBBBBBBBB' }, ctx)).rejects.toThrow(
      /not a file Packbench wrote/,
    );
  });

  it('does not follow a written file swapped for a symlink', async () => {
    const swapped = join(exportDir, 'swapped.csv');
    symlinkSync(secret, swapped);
    const id = written.add(swapped);
    await expect(h.savedFileGet({ fileId: id }, ctx)).rejects.toMatchObject({
      error: { code: 'file_error' },
    });
  });

  it('gives a one-time link for the host to serve', async () => {
    const link = await h.savedFileLink({ fileId: exportedId }, ctx);
    expect(link.url).toMatch(/^\/files\/[A-Za-z0-9_-]{32}$/);
    const id = link.url.slice('/files/'.length);
    expect(links.take(id)).toEqual({
      path: exported,
      fileName: 'returns-20261123-101500.csv',
      contentType: 'text/csv',
    });
    expect(links.take(id)).toBeUndefined();
  });
});

describe('download links', () => {
  it('expire after five minutes on the injected clock, and are refused when malformed', () => {
    let now = 1_000_000;
    const links = new DownloadLinks(() => now);
    const target = { path: exported, fileName: 'x.csv', contentType: 'text/csv' };
    const late = links.issue(target).slice('/files/'.length);
    const early = links.issue(target).slice('/files/'.length);
    expect(links.take(early)).toEqual(target);
    now += LINK_TTL_MS + 1;
    expect(links.take(late)).toBeUndefined();
    expect(links.take('../../proc/self/environ')).toBeUndefined();
  });
});
