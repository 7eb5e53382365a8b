/**
 * Files the console writes, as a person meets them: the default export folder, a folder
 * picker (desktop app), "Open folder" / "Show file" (desktop app), and, in browser mode, the
 * file itself for the browser to download where the person chooses. Only the console's own
 * places are reachable: the export folder, files exported this run, and the Save-to-folder
 * printer's folder; any other path is refused.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BinaryFile } from '../../../shared/contract/values';
import { BridgeFailure } from '../failure';
import type { HandlersFor } from '../handler-types';
import type { DesktopShell } from './desktop-shell';
import type { WrittenFiles } from './written-files';

type FileMethod = 'filesInfo' | 'folderPick' | 'pathReveal' | 'savedFileGet';

export interface FileDeps {
  exportDir: string;
  /** The Save-to-folder printer's folder now (settings or its default). */
  printFolder(): string;
  written: WrittenFiles;
  desktop?: DesktopShell;
  transport: 'electron' | 'browser';
}

/** A download crosses the bridge whole (base64): bounded like the API's own files. */
export const MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.zpl': 'application/octet-stream',
};

const notHere = () =>
  new BridgeFailure(
    'file_error',
    'This window cannot open folders. Use Download to save the file where you like.',
  );
const notOurs = (p: string) =>
  new BridgeFailure('file_error', `${p} is not a file or folder Packbench wrote.`);

async function kindOf(p: string): Promise<'file' | 'folder' | null> {
  const info = await stat(p).catch(() => undefined);
  if (!info) return null;
  return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : null;
}

export function createFileHandlers(deps: FileDeps): HandlersFor<FileMethod> {
  const same = (a: string, b: string) => path.resolve(a) === path.resolve(b);
  const inPrintFolder = (file: string) => same(path.dirname(file), deps.printFolder());
  const ownFile = (file: string) => deps.written.has(file) || inPrintFolder(file);
  const ownFolder = (folder: string) =>
    same(folder, deps.exportDir) || same(folder, deps.printFolder()) || deps.written.holds(folder);

  return {
    filesInfo: async () => ({
      exportDir: deps.exportDir,
      canPickFolder: deps.desktop !== undefined,
      canReveal: deps.desktop !== undefined,
      canDownload: deps.transport === 'browser',
    }),

    folderPick: async ({ purpose, startIn }) => {
      if (!deps.desktop) throw notHere();
      const title =
        purpose === 'export'
          ? 'Choose the folder for exports'
          : 'Choose the folder for saved files';
      const defaultPath = startIn ?? (purpose === 'export' ? deps.exportDir : deps.printFolder());
      return { path: await deps.desktop.pickFolder({ title, defaultPath }) };
    },

    pathReveal: async ({ path: target, as }) => {
      if (!deps.desktop) throw notHere();
      const kind = await kindOf(target);
      if (kind === null) throw new BridgeFailure('not_found', `${target} is no longer there.`);
      if (as === 'file') {
        if (kind !== 'file' || !ownFile(target)) throw notOurs(target);
        deps.desktop.showFile(target);
        return { shown: true };
      }
      if (kind !== 'folder' || !ownFolder(target)) throw notOurs(target);
      const problem = await deps.desktop.openFolder(target);
      if (problem) throw new BridgeFailure('file_error', `The folder did not open: ${problem}`);
      return { shown: true };
    },

    savedFileGet: async ({ path: file }): Promise<BinaryFile> => {
      if (!ownFile(file) || (await kindOf(file)) !== 'file') throw notOurs(file);
      const info = await stat(file);
      if (info.size > MAX_DOWNLOAD_BYTES) {
        throw new BridgeFailure(
          'file_error',
          `${path.basename(file)} is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB; open it from ${path.dirname(file)} instead.`,
        );
      }
      const bytes = await readFile(file);
      return {
        fileName: path.basename(file),
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        size: bytes.length,
        base64: bytes.toString('base64'),
      };
    },
  };
}
