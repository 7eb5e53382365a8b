/**
 * Which folders the main process may write to or read from on the renderer's behalf. Pure
 * functions over paths already resolved by the caller (fs.realpath), so every hostile shape is
 * a unit test (Actual Budget's pattern); folder-choices.ts does the file-system part.
 *
 * The rules, whatever the transport:
 * - never the kernel's and the system's folders (/proc, /sys, /dev, /etc, and Windows' device
 *   and long-path prefixes `\\?\`, `\\.\`): reading /proc/self/environ would hand out the key;
 * - never a dot-folder (~/.ssh, ~/.config/…), except the console's own config folder when it
 *   is one of the allowed roots;
 * - in browser mode (no native picker) only a folder inside one of a short list of roots in
 *   the user's home: Documents, Downloads and the console's config folder. A folder from the
 *   desktop app's native picker was chosen by the person themselves, so it need not be in a
 *   root, but the first two rules still hold.
 */
import path from 'node:path';

export type RootId = 'documents' | 'downloads' | 'config';
export const ROOT_IDS: readonly RootId[] = ['documents', 'downloads', 'config'];

export interface AllowedRoot {
  id: RootId;
  /** How the person knows it: "Documents". */
  label: string;
  /** Absolute; resolved with realpath before any check compares against it. */
  path: string;
}

export type FolderVerdict = { ok: true; root?: AllowedRoot } | { ok: false; reason: string };

/** Longest path accepted anywhere; PATH_MAX on Linux. */
export const MAX_PATH_LENGTH = 4096;
/** A subfolder typed under a root: a few short names, never a path of its own. */
export const MAX_SUBFOLDER_SEGMENTS = 8;
const MAX_SEGMENT_LENGTH = 100;

const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev', '/etc', '/boot', '/run'];

/** The roots browser mode offers, before realpath (the caller resolves them). */
export function defaultRoots(home: string, configDir: string): AllowedRoot[] {
  return [
    { id: 'documents', label: 'Documents', path: path.join(home, 'Documents') },
    { id: 'downloads', label: 'Downloads', path: path.join(home, 'Downloads') },
    { id: 'config', label: 'Packbench’s settings folder', path: configDir },
  ];
}

/** True when `inner` is `outer` or inside it (both absolute and normalised). */
export function isWithin(inner: string, outer: string): boolean {
  if (inner === outer) return true;
  const prefix = outer.endsWith(path.sep) ? outer : outer + path.sep;
  return inner.startsWith(prefix);
}

/** Why a path is never a folder of ours, or null: a system folder, a device path, odd text. */
export function systemFolderReason(p: string): string | null {
  if (typeof p !== 'string' || p.length === 0) return 'No folder was given.';
  if (p.length > MAX_PATH_LENGTH) return 'That folder’s path is too long.';
  // NUL ends a path in the kernel: "a\0b" would be written as "a".
  if (/\p{Cc}/u.test(p)) return 'That folder’s name holds control characters.';
  if (p.startsWith('\\\\') || p.startsWith('//')) {
    return 'Device paths and network shares (\\\\?\\, \\\\.\\, //host) are not folders Packbench writes to.';
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p) || p.toLowerCase().startsWith('file:')) {
    return 'That is an address, not a folder.';
  }
  if (!path.isAbsolute(p)) return 'That is not a full folder path.';
  // realpath's answers are always plain; anything else was not resolved first.
  if (path.normalize(p) !== p && path.normalize(p) !== `${p}/`) {
    return 'That folder’s path is not in its plain form (“.”, “..” or doubled slashes).';
  }
  for (const system of SYSTEM_FOLDERS) {
    if (isWithin(p, system)) return `${system} is a system folder; Packbench never uses it.`;
  }
  return null;
}

/**
 * The verdict on a folder the main process is about to use, given as resolved by realpath.
 * `requireRoot`: browser mode's rule (inside an allowed root); otherwise (the native picker's
 * choice) any folder passes the system and dot-folder rules.
 */
export function checkFolder(
  realPath: string,
  roots: readonly AllowedRoot[],
  options: { requireRoot: boolean },
): FolderVerdict {
  const system = systemFolderReason(realPath);
  if (system) return { ok: false, reason: system };
  const root = roots.find((r) => isWithin(realPath, r.path));
  if (!root && options.requireRoot) {
    return {
      ok: false,
      reason: `That folder is outside ${roots.map((r) => r.label).join(', ')}.`,
    };
  }
  // Below a root, only the part after it is looked at: the config root itself may be a
  // dot-folder (~/.config/packbench), but nothing else hidden is.
  const rest = root ? path.relative(root.path, realPath) : realPath;
  const hidden = rest.split(path.sep).find((segment) => segment.startsWith('.'));
  if (hidden !== undefined) {
    return { ok: false, reason: `“${hidden}” is a hidden folder; Packbench does not use those.` };
  }
  return root ? { ok: true, root } : { ok: true };
}

export type SubfolderVerdict = { ok: true; segments: string[] } | { ok: false; reason: string };

/**
 * A subfolder typed under a root ("Packbench/Exports"): names only, split on `/`, each a
 * plain name (no `.`/`..`, no leading dot, no `\`, `:`, control characters or NUL).
 */
export function subfolderSegments(text: string | undefined): SubfolderVerdict {
  if (text === undefined) return { ok: true, segments: [] };
  const trimmed = text.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return { ok: true, segments: [] };
  const segments = trimmed.split('/').map((s) => s.trim());
  if (segments.length > MAX_SUBFOLDER_SEGMENTS) {
    return { ok: false, reason: `A subfolder has at most ${MAX_SUBFOLDER_SEGMENTS} levels.` };
  }
  for (const segment of segments) {
    if (segment === '') return { ok: false, reason: 'A subfolder name cannot be empty.' };
    if (segment.length > MAX_SEGMENT_LENGTH) {
      return { ok: false, reason: `A folder name has at most ${MAX_SEGMENT_LENGTH} characters.` };
    }
    if (segment === '.' || segment === '..' || segment.startsWith('.')) {
      return { ok: false, reason: 'A folder name cannot start with a dot.' };
    }
    if (/[\p{Cc}\\:*?"<>|]/u.test(segment)) {
      return {
        ok: false,
        reason: 'A folder name cannot hold \\ : * ? " < > | or control characters.',
      };
    }
  }
  return { ok: true, segments };
}
