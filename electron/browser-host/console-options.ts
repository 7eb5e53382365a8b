/** The options of `npm run console`, checked before anything starts. Pure. */
import { parseArgs } from 'node:util';
import { checkBaseUrl } from '../../shared/contract/url-policy';

export const CONSOLE_USAGE =
  'Usage: npm run console -- --browser [--port N] [--api-base URL] [--config-dir DIR] [--no-connect]\n' +
  '  --browser         serve the console to a browser on 127.0.0.1 (the only mode here)\n' +
  '  --port N          the port to listen on (default: any free port)\n' +
  '  --api-base URL    use this Fulfillment API instead of the embedded sandbox; the key\n' +
  '                    comes from the keychain or PACKBENCH_API_KEY\n' +
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
  return {
    ok: true,
    options: {
      browser: values.browser === true,
      port,
      apiBase,
      configDir,
      noConnect,
      help: values.help === true,
    },
  };
}
