/** The options of `npm run console`, checked before anything starts. Pure. */
import { parseArgs } from 'node:util';
import { checkBaseUrl } from '@shared/contract/url-policy';

export const CONSOLE_USAGE =
  'Usage: npm run console -- --browser [--port N] [--api-base URL [--api-key-file PATH | --api-key-stdin]]\n' +
  '                          [--config-dir DIR] [--no-connect]\n' +
  '  --browser         serve the console to a browser on 127.0.0.1 (the only mode here)\n' +
  '  --port N          the port to listen on (default: any free port)\n' +
  '  --api-base URL    use this Fulfillment API instead of the embedded sandbox; the key\n' +
  '                    comes from the keychain, or for this run from:\n' +
  '  --api-key-file PATH  a file holding the key alone, readable by you only (chmod 600)\n' +
  '  --api-key-stdin   the first line of standard input (PACKBENCH_API_KEY, still read by\n' +
  '                    npm run console, is handed over this way, never in the environment)\n' +
  '  --config-dir DIR  keep settings in DIR (default: PACKBENCH_CONFIG_DIR, else the\n' +
  "                    user's config folder); tests pass a fresh folder each\n" +
  '  --no-connect      start without connecting (no sandbox): the console shows its\n' +
  '                    saved connections, or first-run setup when there are none';

export interface ConsoleOptions {
  browser: boolean;
  port: number;
  /** Normalised by the URL policy; absent means the embedded sandbox. */
  apiBase?: string;
  /** Where settings live; absent means PACKBENCH_CONFIG_DIR or the default folder. */
  configDir?: string;
  /** Start the host only: no sandbox, no connection chosen. */
  noConnect: boolean;
  /** A private file holding the key (checked when read: mode 0600). */
  apiKeyFile?: string;
  /** The key is the first line of standard input. */
  apiKeyStdin: boolean;
  help: boolean;
}

export type ParsedConsoleOptions =
  | { ok: true; options: ConsoleOptions }
  | { ok: false; message: string };

export function parseConsoleOptions(argv: readonly string[]): ParsedConsoleOptions {
  let values: {
    browser?: boolean;
    port?: string;
    'api-base'?: string;
    'config-dir'?: string;
    'no-connect'?: boolean;
    'api-key-file'?: string;
    'api-key-stdin'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        browser: { type: 'boolean' },
        port: { type: 'string' },
        'api-base': { type: 'string' },
        'config-dir': { type: 'string' },
        'no-connect': { type: 'boolean' },
        'api-key-file': { type: 'string' },
        'api-key-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs explains well ("Unknown option '--prot'"); only the stack is dropped.
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  let port = 0;
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65_535) {
      return { ok: false, message: `--port takes a number from 0 to 65535, not "${values.port}".` };
    }
    port = Number(values.port);
  }
  let apiBase: string | undefined;
  if (values['api-base'] !== undefined) {
    const verdict = checkBaseUrl(values['api-base']);
    if (!verdict.ok) return { ok: false, message: `--api-base: ${verdict.reason}` };
    apiBase = verdict.url;
  }
  const configDir = values['config-dir'];
  if (configDir !== undefined && configDir.trim() === '') {
    return { ok: false, message: '--config-dir takes a folder, not an empty string.' };
  }
  const noConnect = values['no-connect'] === true;
  if (noConnect && apiBase !== undefined) {
    return { ok: false, message: '--no-connect and --api-base contradict each other: use one.' };
  }
  const apiKeyFile = values['api-key-file'];
  const apiKeyStdin = values['api-key-stdin'] === true;
  if (apiKeyFile !== undefined && apiKeyStdin) {
    return {
      ok: false,
      message: '--api-key-file and --api-key-stdin contradict each other: use one.',
    };
  }
  if (apiKeyFile !== undefined && apiKeyFile.trim() === '') {
    return { ok: false, message: '--api-key-file takes a file, not an empty string.' };
  }
  if ((apiKeyFile !== undefined || apiKeyStdin) && apiBase === undefined) {
    const option = apiKeyStdin ? '--api-key-stdin' : '--api-key-file';
    return {
      ok: false,
      message: `${option} gives the key of the API named with --api-base (the embedded sandbox has its own).`,
    };
  }
  return {
    ok: true,
    options: {
      browser: values.browser === true,
      port,
      apiBase,
      configDir,
      noConnect,
      ...(apiKeyFile !== undefined ? { apiKeyFile } : {}),
      apiKeyStdin,
      help: values.help === true,
    },
  };
}
