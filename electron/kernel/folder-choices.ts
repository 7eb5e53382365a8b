/**
 * Folders the main process handed out, by id. The renderer never sends a folder's path: it
 * gets `{ path, choiceId }` from the desktop app's native picker (folderPick) or from browser
 * mode's choice among a few roots in the user's home (folderChoose), and passes the id back
 * (an export's destination, Save to folder's setting). An id this process did not hand out
 * is refused, so a settings patch can never set a path the person did not choose (issue 31).
 *
 * Every path is resolved with realpath before electron/security/folder-policy.ts judges it,
 * at choice time and again when a file is written (a symlink swapped in between is caught).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import {
  type AllowedRoot,
  checkFolder,
  type RootId,
  subfolderSegments,
} from '../security/folder-policy';
import { BridgeFailure } from './failure';

interface Grant {
  path: string;
  /** Browser mode's rule: the folder must stay inside an allowed root. */
  requireRoot: boolean;
}

/** How many ids are kept; a session hands out a few, a hostile page could ask for many. */
const MAX_GRANTS = 1000;

const refused = (reason: string) => new BridgeFailure('invalid_arguments', reason);

/**
 * The real path of `p`: realpath of its deepest existing ancestor, with the missing rest
 * appended (a folder not made yet has no symlinks of its own).
 */
export async function realpathLoose(p: string): Promise<string> {
  const missing: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      const real = await realpath(at);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = path.dirname(at);
      if (parent === at) return path.resolve(p);
      missing.push(path.basename(at));
      at = parent;
    }
  }
}

export class FolderChoices {
  readonly #grants = new Map<string, Grant>();
  readonly #roots: readonly AllowedRoot[];

  /** `roots` as configured (Documents, Downloads, the config folder); resolved on use. */
  constructor(roots: readonly AllowedRoot[]) {
    this.#roots = roots;
  }

  /** The roots, each resolved with realpath (a Documents that is a symlink is followed). */
  async roots(): Promise<AllowedRoot[]> {
    return Promise.all(this.#roots.map(async (r) => ({ ...r, path: await realpathLoose(r.path) })));
  }

  /** Browser mode's choice: `root`, or a subfolder of plain names inside it. */
  async chooseInRoot(rootId: RootId, subfolder: string | undefined) {
    const roots = await this.roots();
    const root = roots.find((r) => r.id === rootId);
    if (!root) throw refused('That is not one of the folders offered.');
    const names = subfolderSegments(subfolder);
    if (!names.ok) throw refused(names.reason);
    const real = await realpathLoose(path.join(root.path, ...names.segments));
    const verdict = checkFolder(real, roots, { requireRoot: true });
    if (!verdict.ok) throw refused(verdict.reason);
    return this.#grant(real, true);
  }

  /** A folder the person chose in the native dialog: any folder but the forbidden ones. */
  async grantPicked(picked: string) {
    const real = await realpathLoose(picked);
    const verdict = checkFolder(real, await this.roots(), { requireRoot: false });
    if (!verdict.ok) throw refused(verdict.reason);
    return this.#grant(real, false);
  }

  /** The folder behind an id; refused when this process never handed the id out. */
  async resolve(choiceId: string): Promise<string> {
    const grant = this.#grants.get(choiceId);
    if (!grant) {
      throw refused('That folder was not chosen in this Packbench session; choose it again.');
    }
    return this.confirm(grant.path, grant.requireRoot);
  }

  /**
   * Makes the folder (0700) when missing and checks it again as it now is on disk: a symlink
   * put in its place since it was chosen is followed and judged by where it leads.
   */
  async confirm(folder: string, requireRoot: boolean): Promise<string> {
    const roots = await this.roots();
    const judge = async () => {
      const real = await realpathLoose(folder);
      const verdict = checkFolder(real, roots, { requireRoot });
      if (!verdict.ok) throw refused(verdict.reason);
      return real;
    };
    // Judged before anything is made (mkdir follows a symlinked parent), and after.
    const before = await judge();
    await mkdir(before, { recursive: true, mode: 0o700 }).catch(() => undefined);
    return judge();
  }

  #grant(real: string, requireRoot: boolean): { path: string; choiceId: string } {
    const choiceId = `folder-${randomBytes(18).toString('base64url')}`;
    this.#grants.set(choiceId, { path: real, requireRoot });
    // The oldest ids go first (a Map keeps insertion order).
    while (this.#grants.size > MAX_GRANTS) {
      this.#grants.delete(this.#grants.keys().next().value as string);
    }
    return { path: real, choiceId };
  }
}
