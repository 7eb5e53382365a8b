/**
 * `npm run console -- --browser [--port N] [--api-base URL] [--config-dir DIR] [--no-connect]`:
 * the console in browser mode. Builds the renderer if needed, creates the bridge, starts the
 * host on 127.0.0.1, connects to the embedded sandbox (or to --api-base with the keychain's
 * key or one given with --api-key-file / --api-key-stdin; or, with --no-connect, to nothing:
 * the console shows its saved connections or first-run setup),
 * and prints one line on stdout: `Packbench console: <url>`. Everything else goes to stderr,
 * so a script (or a test) can read that line and nothing more. Never prints the API key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CONSOLE_USAGE,
  type ConsoleOptions,
  parseConsoleOptions,
} from '../browser-host/console-options';
import { runtimeProblem } from '../browser-host/node-runtime';
import { buildRenderer, rendererBuildIsStale } from '../browser-host/renderer-build';
import { type BrowserHost, startBrowserHost } from '../browser-host/start-browser-host';
import { preloadWire } from '../kernel/api/undici-wire';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import {
  ApiKeySourceError,
  consoleEnvironmentProblem,
  readApiKeyFile,
  readApiKeyStream,
} from '../kernel/env-api-key';
import { installProcessGuard } from '../kernel/process-guard';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** A failure with the exit code it deserves and a sentence for the terminal. */
class ConsoleExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function electronBinaryPresent(): boolean {
  const dir = join(ROOT, 'node_modules', 'electron');
  try {
    const name = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    return name !== '' && existsSync(join(dir, 'dist', name));
  } catch {
    return false;
  }
}

/** Calls a bridge method through the dispatcher (the same door the renderer uses). */
async function call<T>(bridge: Bridge, method: string, args: unknown, what: string): Promise<T> {
  const result = await bridge.dispatcher.call(method, args);
  if (!result.ok) throw new ConsoleExit(1, `${what}: ${result.error.message}`);
  return result.value as T;
}

interface ConnectionView {
  id: string;
  baseUrl: string;
  sandbox: boolean;
  key: { hasKey: boolean };
}

async function connect(bridge: Bridge, options: ConsoleOptions, apiKey: string | undefined) {
  if (options.apiBase === undefined) {
    const sandbox = await call<ConnectionView>(bridge, 'sandboxStart', {}, 'Starting the sandbox');
    await call(bridge, 'connectionSelect', { id: sandbox.id }, 'Selecting the sandbox');
    return;
  }
  const baseUrl = options.apiBase;
  const list = await call<{ connections: ConnectionView[] }>(
    bridge,
    'connectionsList',
    {},
    'Reading the saved connections',
  );
  const connection =
    list.connections.find((c) => !c.sandbox && c.baseUrl === baseUrl) ??
    (await call<ConnectionView>(
      bridge,
      'connectionSave',
      { name: new URL(baseUrl).host, baseUrl },
      `Saving the connection to ${baseUrl}`,
    ));
  await call(bridge, 'connectionSelect', { id: connection.id }, 'Selecting the connection');
  if (apiKey !== undefined) {
    // This run only: a key given at start is not written to the keychain behind the
    // person's back; they can save it from the console.
    await call(
      bridge,
      'keySet',
      { connectionId: connection.id, apiKey, storage: 'session' },
      'Using the API key given at start',
    );
  } else if (!connection.key.hasKey) {
    console.error(
      `No API key is saved for ${baseUrl}: give it with --api-key-file PATH or --api-key-stdin, or enter it in the console.`,
    );
  }
}

/** The key from --api-key-file or --api-key-stdin, if one was given. */
async function readGivenApiKey(options: ConsoleOptions): Promise<string | undefined> {
  try {
    if (options.apiKeyFile !== undefined) return await readApiKeyFile(resolve(options.apiKeyFile));
    if (options.apiKeyStdin) return await readApiKeyStream(process.stdin);
  } catch (error) {
    if (error instanceof ApiKeySourceError) throw new ConsoleExit(2, error.message);
    throw error;
  }
  return undefined;
}

export async function runConsole(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ close(): Promise<void>; secrets: () => readonly string[] } | null> {
  // First of all: the Node the console needs, and no key where other processes can read it.
  const unfit = runtimeProblem() ?? consoleEnvironmentProblem(env);
  if (unfit) throw new ConsoleExit(2, unfit);
  const parsed = parseConsoleOptions(argv);
  if (!parsed.ok) throw new ConsoleExit(2, `${parsed.message}\n${CONSOLE_USAGE}`);
  const options = parsed.options;
  if (options.help) {
    console.log(CONSOLE_USAGE);
    return null;
  }
  // Read before anything slow starts, so a bad key file is refused at once.
  const givenApiKey = await readGivenApiKey(options);
  if (!options.browser) {
    console.error(
      electronBinaryPresent()
        ? 'The Electron app is not part of this build yet: opening the console in browser mode.'
        : 'The Electron app is not available here (no Electron binary: it downloads from outside the npm registry): opening the console in browser mode.',
    );
  }

  if (await rendererBuildIsStale(ROOT)) {
    console.error('Building the renderer…');
    try {
      await buildRenderer(ROOT);
    } catch (error) {
      throw new ConsoleExit(1, `The renderer did not build: ${(error as Error).message}.`);
    }
  }

  // Loaded only now: bad options and --help answer at once, without loading the bridge, the
  // keychain binding and the sandbox's data.
  const { createBridge } = await import('./create-bridge');
  const { defaultConfigDir } = await import('../kernel/settings');
  const configDir = options.configDir
    ? resolve(options.configDir)
    : env.PACKBENCH_CONFIG_DIR || defaultConfigDir();
  const bridge = await createBridge({
    configDir,
    // Where exports go when the person names no folder (default ~/Downloads/Packbench).
    ...(env.PACKBENCH_EXPORT_DIR ? { exportDir: resolve(env.PACKBENCH_EXPORT_DIR) } : {}),
    transport: 'browser',
    log: (line) => console.error(`bridge: ${line}`),
  });
  let host: BrowserHost | undefined;
  const close = async () => {
    await host?.close();
    await bridge.close();
  };
  try {
    try {
      host = await startBrowserHost({
        dispatcher: bridge.dispatcher,
        events: bridge.events,
        ...(bridge.downloads ? { downloads: bridge.downloads } : {}),
        rendererDir: join(ROOT, 'dist', 'renderer'),
        port: options.port,
        log: (line) => console.error(`browser host: ${line}`),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EACCES') {
        throw new ConsoleExit(
          1,
          `Port ${options.port} cannot be used (${code}): choose another with --port, or leave it out for any free port.`,
        );
      }
      throw error;
    }
    // The HTTP client loads now, not when the first request waits for it (undici-wire.ts).
    preloadWire();
    if (!options.noConnect) await connect(bridge, options, givenApiKey);
  } catch (error) {
    await close();
    throw error;
  }
  console.log(`Packbench console: ${host.url}`);
  const held = bridge.secrets ?? (() => []);
  return { close, secrets: () => [...held(), ...(givenApiKey ? [givenApiKey] : [])] };
}

/** The command-line entry: exit codes, signals, and no stack traces for expected failures. */
export async function main(): Promise<void> {
  let running: Awaited<ReturnType<typeof runConsole>> = null;
  // An error nothing else caught is logged and answered, never the end of every session.
  installProcessGuard({
    log: (line) => console.error(`Packbench console: ${line}`),
    secrets: () => running?.secrets() ?? [],
  });
  try {
    running = await runConsole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConsoleExit) {
      console.error(error.message);
      process.exit(error.code);
    }
    console.error('Packbench console failed to start:', error);
    process.exit(1);
  }
  if (running === null) return;
  const { close } = running;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now": leave without waiting for the clean shutdown.
      process.exit(1);
    }
    stopping = true;
    console.error(`Packbench console: stopping (${signal}).`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Packbench console: shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
