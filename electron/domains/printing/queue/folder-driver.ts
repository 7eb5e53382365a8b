/**
 * The built-in "Save to folder" printer: each job becomes a file in a folder the person
 * chose, so printing works with no printer attached (and in the demo). A file already there
 * is never overwritten: the document is written to a temporary name, then hard-linked to the
 * first free name, which fails atomically if the name is taken even by another process.
 *
 * Labels and slips hold names and addresses: every file is written 0600 (only the person's
 * account reads it), and a folder that is missing is created (0700), or the job fails saying
 * why it cannot be. Never into /proc, /sys, /dev, /etc or a dot-folder (issue 31).
 */
import { randomUUID } from 'node:crypto';
import { chmod, constants, copyFile, link, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { realpathLoose } from '../../../kernel/folder-choices.js';
import { checkFolder } from '../../../security/folder-policy.js';
import { candidateName, timestamp } from './file-name.js';
import { type JobToSend, type PrinterDriver, PrintFailure, type PrintFormat } from './types.js';

export interface FolderDriverOptions {
  id?: string;
  displayName?: string;
  folder: string;
  now?: () => Date;
}

const MAX_NAME_TRIES = 10_000;

export function createFolderDriver(options: FolderDriverOptions): PrinterDriver {
  const now = options.now ?? (() => new Date());
  const displayName = options.displayName ?? 'Save to folder';
  return {
    id: options.id ?? 'save-to-folder',
    kind: 'folder',
    displayName,
    accepts: (_format: PrintFormat) => true,
    async send(job: JobToSend, signal: AbortSignal) {
      const folder = options.folder;
      await requireFolder(folder, displayName);
      signal.throwIfAborted();
      const stamp = timestamp(now());
      const tmp = path.join(folder, `.packbench-${randomUUID()}.tmp`);
      try {
        await copyFile(job.file, tmp, constants.COPYFILE_EXCL);
        // Before it gets its name: the hard link shares this mode, so the file is never readable
        // by others, not even for a moment.
        await chmod(tmp, FILE_MODE);
        signal.throwIfAborted();
        for (let n = 1; n <= MAX_NAME_TRIES; n++) {
          const target = path.join(folder, candidateName(stamp, job.title, job.format, n));
          if (await claim(tmp, target)) return { externalId: target };
        }
        throw new PrintFailure(`${displayName}: no free file name for "${job.title}".`, false);
      } catch (error) {
        throw asFailure(error, folder, displayName);
      } finally {
        await rm(tmp, { force: true });
      }
    },
  };
}

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * Never a system folder or a dot-folder, judged as realpath resolves it (a setting written by
 * an older version, or a symlink put in the folder's place, cannot send labels into /proc or
 * ~/.ssh); judged before anything is made (mkdir follows a symlinked parent) and after.
 */
async function refuseForbidden(folder: string, displayName: string): Promise<void> {
  const verdict = checkFolder(await realpathLoose(folder), [], { requireRoot: false });
  if (!verdict.ok) {
    throw new PrintFailure(`${displayName}: ${folder} cannot be used. ${verdict.reason}`, false);
  }
}

/** The folder, created (with any missing parents) when it is not there yet. */
async function requireFolder(folder: string, displayName: string): Promise<void> {
  await refuseForbidden(folder, displayName);
  let info = await stat(folder).catch(() => undefined);
  if (!info) {
    try {
      await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
    } catch (error) {
      throw new PrintFailure(
        `${displayName}: the folder ${folder} could not be created (${folderProblem(error)}).`,
        false,
      );
    }
    info = await stat(folder);
  }
  if (!info.isDirectory()) throw new PrintFailure(`${folder} is not a folder.`, false);
  await refuseForbidden(folder, displayName);
}

function folderProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return 'not allowed there';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'part of that path is a file, not a folder';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/** Gives `tmp` the name `target` unless that name exists; false if it does. */
async function claim(tmp: string, target: string): Promise<boolean> {
  try {
    await link(tmp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // Some file systems (FAT sticks, some network shares) have no hard links.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
  }
  try {
    await copyFile(tmp, target, constants.COPYFILE_EXCL);
    await chmod(target, FILE_MODE);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function asFailure(error: unknown, folder: string, displayName: string): Error {
  if (error instanceof PrintFailure) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new PrintFailure(`${displayName}: not allowed to write in ${folder}.`, false);
  }
  if (code === 'ENOSPC') return new PrintFailure(`${displayName}: ${folder} is full.`, false);
  // The folder was checked a moment ago, so a missing file is most likely the spooled copy.
  if (code === 'ENOENT')
    return new PrintFailure(`${displayName}: ${(error as Error).message}`, false);
  if ((error as Error)?.name === 'AbortError') return error as Error;
  return new PrintFailure(`${displayName}: ${(error as Error)?.message ?? error}`, true);
}
