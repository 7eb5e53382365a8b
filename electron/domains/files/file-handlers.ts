/**
 * Files the console writes, as a person meets them: the default export folder, choosing a
 * folder (the desktop app's native picker; in browser mode one of a few roots in the home
 * folder), "Open folder" / "Show file" (desktop app), and in browser mode the file itself,
 * handed over whole or through a one-time download link.
 *
 * The renderer names things, the main process owns paths (issue 31): a folder is named by the
 * id it was handed out under (folder-choices.ts), a file by the id it got when the console
 * wrote it (written-files.ts) or by its Save-to-folder job's id. No argument here is a path.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedArgsOf } from '@shared/contract/bridge-contract';
import type { BinaryFile } from '@shared/contract/values';
import type { DownloadLinks } from '../../kernel/dispatch/download-links';
import { BridgeFailure } from '../../kernel/failure';
import type { FolderChoices } from '../../kernel/folder-choices';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { DesktopShell } from './desktop-shell';
import type { WrittenFiles } from './written-files';

export interface FileDeps {
  exportDir: string;
  /** The Save-to-folder printer's folder now (settings or its default). */
  printFolder(): string;
  written: WrittenFiles;
  choices: FolderChoices;
  /** The file a Save-to-folder job wrote, when the job is one that did (else undefined). */
  jobFile(jobId: string): string | undefined;
  /** Browser mode's one-time download links (none: savedFileLink says downloads are off). */
  links?: DownloadLinks;
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

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const notHere = () =>
  new BridgeFailure(
    'file_error',
    'This window cannot open folders. Use Download to save the file where you like.',
  );
const unknownFile = () =>
  new BridgeFailure('not_found', 'That is not a file Packbench wrote in this session.');

type SavedFileArgs = ParsedArgsOf<'savedFileGet'>;

/**
 * Reads a file the console wrote, refusing a symlink put in its place (O_NOFOLLOW) and
 * anything that is not a regular file, from the descriptor it checked.
 */
export async function readOwnFile(file: string, limit = MAX_DOWNLOAD_BYTES): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT'
        ? new BridgeFailure('not_found', `${path.basename(file)} is no longer there.`)
        : new BridgeFailure('file_error', `${path.basename(file)} cannot be read.`);
    },
  );
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new BridgeFailure('file_error', 'That is not a file.');
    if (info.size > limit) {
      throw new BridgeFailure(
        'file_error',
        `${path.basename(file)} is larger than ${limit / 1024 / 1024} MB; open it from ${path.dirname(file)} instead.`,
      );
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function createFileHandlers(deps: FileDeps) {
  const fileOf = (args: SavedFileArgs): string => {
    const file = 'fileId' in args ? deps.written.path(args.fileId) : deps.jobFile(args.jobId);
    if (file === undefined) throw unknownFile();
    return file;
  };
  const purposeTitle = (purpose: 'export' | 'print-folder') =>
    purpose === 'export' ? 'Choose the folder for exports' : 'Choose the folder for saved files';

  return asHandlers({
    filesInfo: async () => ({
      exportDir: deps.exportDir,
      printFolder: deps.printFolder(),
      canPickFolder: deps.desktop !== undefined,
      canReveal: deps.desktop !== undefined,
      canDownload: deps.transport === 'browser',
      roots: (await deps.choices.roots()).map(({ id, label, path }) => ({ id, label, path })),
    }),

    folderPick: async ({ purpose }) => {
      if (!deps.desktop) throw notHere();
      const defaultPath = purpose === 'export' ? deps.exportDir : deps.printFolder();
      const picked = await deps.desktop.pickFolder({ title: purposeTitle(purpose), defaultPath });
      if (picked === null) return { path: null };
      return deps.choices.grantPicked(picked);
    },

    folderChoose: async ({ root, subfolder }) => deps.choices.chooseInRoot(root, subfolder),

    pathReveal: async (args) => {
      if (!deps.desktop) throw notHere();
      if ('folder' in args) {
        const folder = args.folder === 'export' ? deps.exportDir : deps.printFolder();
        const problem = await deps.desktop.openFolder(folder);
        if (problem) throw new BridgeFailure('file_error', `The folder did not open: ${problem}`);
        return { shown: true };
      }
      const file = fileOf(args);
      // A file that is gone (or was swapped for a symlink) is not shown.
      const info = await lstat(file).catch(() => undefined);
      if (!info) throw new BridgeFailure('not_found', `${path.basename(file)} is no longer there.`);
      if (!info.isFile()) throw new BridgeFailure('file_error', 'That is not a file.');
      if (args.as === 'file') {
        deps.desktop.showFile(file);
        return { shown: true };
      }
      const problem = await deps.desktop.openFolder(path.dirname(file));
      if (problem) throw new BridgeFailure('file_error', `The folder did not open: ${problem}`);
      return { shown: true };
    },

    savedFileGet: async (args): Promise<BinaryFile> => {
      const file = fileOf(args);
      const bytes = await readOwnFile(file);
      return {
        fileName: path.basename(file),
        contentType: contentTypeOf(file),
        size: bytes.length,
        base64: bytes.toString('base64'),
      };
    },

    savedFileLink: async (args) => {
      if (!deps.links) {
        throw new BridgeFailure('file_error', 'Download links are for the console in a browser.');
      }
      const file = fileOf(args);
      const fileName = path.basename(file);
      return {
        url: deps.links.issue({ path: file, fileName, contentType: contentTypeOf(file) }),
        fileName,
      };
    },
  } satisfies Partial<Handlers>);
}
