/**
 * The settings file: `settings.json` in the config folder the caller names (Electron's userData,
 * or env-paths' config folder in browser mode). Schema-checked on load, written atomically
 * (write-file-atomic: a temporary file renamed over the old one, so a crash never leaves half a
 * file), one write at a time. A file that cannot be read or does not match the schema is kept
 * aside under a new name, defaults are used and the person is told once. Never the key: the
 * schema has no place for one, and the writer refuses any text containing a key this process
 * holds.
 */
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  defaultSettings,
  type Settings,
  type SettingsView,
  settingsSchema,
} from '@shared/contract/settings-schema';
import writeFileAtomic from 'write-file-atomic';
import { BridgeFailure } from '../failure';

export const SETTINGS_FILE_NAME = 'settings.json';

/** Far beyond any real settings; stops a runaway renderer from filling the disk. */
const MAX_SETTINGS_BYTES = 2 * 1024 * 1024;

export interface SettingsFileOptions {
  /** The folder to keep settings.json in; created (private to the user) when missing. */
  dir: string;
  /** Every secret the process holds; a write containing one is refused. */
  secrets?: () => readonly string[];
  /** Reads the file; replaceable so tests can simulate EACCES when running as root. */
  readText?: (path: string) => Promise<string>;
  /** Moves a bad file aside; replaceable so tests can make it fail when running as root. */
  rename?: (from: string, to: string) => Promise<void>;
  now?: () => Date;
}

export class SettingsFile {
  readonly path: string;
  #current: Settings;
  #notices: string[];
  /** False when a bad file could not be moved aside: then it is never overwritten. */
  readonly #persist: boolean;
  readonly #secrets: () => readonly string[];
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(path: string, loaded: Loaded, secrets: () => readonly string[]) {
    this.path = path;
    this.#current = loaded.settings;
    this.#notices = loaded.notices;
    this.#persist = loaded.persist;
    this.#secrets = secrets;
  }

  static async open(options: SettingsFileOptions): Promise<SettingsFile> {
    const path = join(options.dir, SETTINGS_FILE_NAME);
    await mkdir(options.dir, { recursive: true, mode: 0o700 }).catch(() => undefined);
    const loaded = await load(path, {
      readText: options.readText ?? ((p) => readFile(p, 'utf8')),
      rename: options.rename ?? rename,
      now: options.now ?? (() => new Date()),
    });
    return new SettingsFile(path, loaded, options.secrets ?? (() => []));
  }

  /** A copy of the settings as they are now (callers cannot change them behind our back). */
  get current(): Settings {
    return structuredClone(this.#current);
  }

  /**
   * Applies `change` to the latest settings, checks the result against the schema and writes it.
   * Changes run one after another, each seeing the previous one's result; a change that fails
   * (invalid, or the disk refuses) leaves the settings as they were.
   */
  update(change: (settings: Settings) => Settings | Promise<Settings>): Promise<Settings> {
    const run = async (): Promise<Settings> => {
      const parsed = settingsSchema.safeParse(await change(this.current));
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.') || 'settings';
          fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
        }
        const first = parsed.error.issues[0]?.message ?? 'invalid';
        throw new BridgeFailure('invalid_arguments', `These settings cannot be saved: ${first}`, {
          fieldErrors,
        });
      }
      await this.#write(parsed.data);
      this.#current = parsed.data;
      return this.current;
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** What load had to tell the person; each notice is handed out once. */
  takeNotices(): string[] {
    const notices = this.#notices;
    this.#notices = [];
    return notices;
  }

  view(): SettingsView {
    return { settings: this.current, path: this.path, notices: this.takeNotices() };
  }

  /**
   * The view once every change asked for before this call has been written (or refused). A
   * change is applied only when its file is safely on disk, which under load takes a while;
   * a page reloaded right after a choice asks for the settings while the choice is still
   * being written, and read the old settings without this (a browser suite saw it).
   */
  async settledView(): Promise<SettingsView> {
    await this.#queue;
    return this.view();
  }

  async #write(settings: Settings): Promise<void> {
    const text = `${JSON.stringify(settings, null, 2)}\n`;
    for (const secret of this.#secrets()) {
      // Keys are printable ASCII; JSON escapes only `"` and `\` among those.
      if (secret.length >= 4 && (text.includes(secret) || text.includes(jsonEscaped(secret)))) {
        // The caller's input is refused (nothing is wrong inside the console): invalid_arguments.
        throw new BridgeFailure(
          'invalid_arguments',
          'The settings were not saved: they contained an API key, which never goes into the settings file.',
        );
      }
    }
    if (Buffer.byteLength(text) > MAX_SETTINGS_BYTES) {
      throw new BridgeFailure(
        'invalid_arguments',
        'These settings are too large to save (more than 2 MB).',
      );
    }
    if (!this.#persist) return;
    try {
      await writeFileAtomic(this.path, text, { mode: 0o600, encoding: 'utf8' });
    } catch (error) {
      throw new BridgeFailure(
        'file_error',
        `Your settings could not be saved to ${this.path} (${errorCode(error)}). Check that the folder is writable and the disk is not full.`,
      );
    }
  }
}

interface Loaded {
  settings: Settings;
  notices: string[];
  persist: boolean;
}

interface LoadIo {
  readText: (path: string) => Promise<string>;
  rename: (from: string, to: string) => Promise<void>;
  now: () => Date;
}

async function load(path: string, io: LoadIo): Promise<Loaded> {
  let text: string;
  try {
    text = await io.readText(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT')
      return { settings: defaultSettings(), notices: [], persist: true };
    // EACCES, EISDIR (a folder where the file should be), EIO…: keep it, start afresh.
    return keepAside(path, io);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return keepAside(path, io);
  }
  // Unknown keys are dropped by the schema, so a newer app's file still loads here.
  const parsed = settingsSchema.safeParse(json);
  if (!parsed.success) return keepAside(path, io);
  return { settings: parsed.data, notices: [], persist: true };
}

async function keepAside(path: string, io: LoadIo): Promise<Loaded> {
  // Colons are not allowed in Windows file names, so the ISO time uses dashes.
  const stamp = io.now().toISOString().replace(/[:.]/g, '-');
  let aside = `${path}.corrupt-${stamp}`;
  for (let n = 2; await exists(aside); n += 1) aside = `${path}.corrupt-${stamp}-${n}`;
  try {
    await io.rename(path, aside);
  } catch (error) {
    return {
      settings: defaultSettings(),
      notices: [
        `Your settings file ${path} could not be read, nor moved aside (${errorCode(error)}); defaults are used and changes are kept for this run only.`,
      ],
      persist: false,
    };
  }
  return {
    settings: defaultSettings(),
    notices: [
      `Your settings file could not be read; it was kept as ${aside} and defaults are used.`,
    ],
    persist: true,
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
}
