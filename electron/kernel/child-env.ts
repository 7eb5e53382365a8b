/**
 * The one environment every process the console starts gets (lp and lpstat, the renderer
 * build, the ZPL worker thread, the Electron app and its build): named variables copied from
 * this process, nothing else. A child started with a copy of the whole environment inherits
 * whatever the person's shell held (tokens, other programs' keys); a list of what children
 * need cannot carry a secret by accident. The API key is never in this process's environment
 * to begin with (env-api-key.ts), and is refused here too in case it ever is.
 */
import { API_KEY_VARIABLE } from './env-api-key';

/**
 * What children need: finding programs and the user's folders (PATH, HOME, TMPDIR), words in
 * the person's language (LANG, LC_*), the print system (CUPS_SERVER: a private or remote
 * scheduler), a display and session bus for the Electron app, and PACKBENCH_TEST_RUN, the test run's marker (scripts/run-tests.ts finds what a run left
 * running by it, so a child must carry it on). scripts/console.sh starts the console itself
 * with these and its own settings (child-env.test.ts checks it keeps every one).
 */
export const CHILD_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  'CUPS_SERVER',
  'CUPS_USER',
  'CUPS_ENCRYPTION',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XAUTHORITY',
  'XDG_RUNTIME_DIR',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_SESSION_TYPE',
  'DBUS_SESSION_BUS_ADDRESS',
  'NODE_ENV',
  'PACKBENCH_TEST_RUN',
];

/** Windows' basics: programs fail in odd ways without these. */
const WINDOWS_NAMES = [
  'SystemRoot',
  'SYSTEMROOT',
  'windir',
  'COMSPEC',
  'PATHEXT',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'ProgramData',
];

const PASSED = new Set([...CHILD_ENV_NAMES, ...WINDOWS_NAMES]);

/** Locale variables, passed as a family (LC_ALL, LC_CTYPE, LC_TIME…). */
export const CHILD_ENV_PREFIXES: readonly string[] = ['LC_'];

/**
 * The minimal environment from `from` (this process's by default), with `extra` on top
 * (a test's PATH or CUPS_SERVER, LANG=C for a parser). The key is never in it, even when
 * `extra` names it.
 */
export function childEnv(
  extra: NodeJS.ProcessEnv = {},
  from: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (value === undefined) continue;
    if (PASSED.has(name) || CHILD_ENV_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      env[name] = value;
    }
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  delete env[API_KEY_VARIABLE];
  return env;
}

/** What a desktop app reads besides: its own settings, and the desktop's (theme, backend). */
export const APP_PREFIXES: readonly string[] = ['PACKBENCH_', 'ELECTRON_', 'XDG_', 'GTK_', 'GDK_'];

/**
 * The Electron app's environment: the minimal one plus the variables it reads itself
 * (PACKBENCH_CONFIG_DIR…, ELECTRON_* switches), never the key.
 */
export function appEnv(from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const extra: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (APP_PREFIXES.some((prefix) => name.startsWith(prefix))) extra[name] = value;
  }
  return childEnv(extra, from);
}
