/**
 * Starting the Electron app from a terminal (`npm run demo`, `npm start`), or saying why not.
 * Plain Node, no `electron` import: it runs before there is any Electron, decides whether there
 * can be one (a downloaded binary and, on Linux, a display), builds the bundles and spawns it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseConsoleOptions } from '../browser-host/console-options';
import { appEnv } from '../kernel/child-env';

export type LaunchPlan = { ok: true; binary: string } | { ok: false; reason: string };

/** The Electron binary the `electron` package downloaded, if it did. */
export function electronBinary(root: string): string | null {
  const dir = join(root, 'node_modules', 'electron');
  try {
    const name = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const binary = join(dir, 'dist', name);
    return name !== '' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

export function planElectronLaunch(
  root: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): LaunchPlan {
  const binary = electronBinary(root);
  if (!binary) {
    return {
      ok: false,
      reason:
        'The Electron app is not available here (no Electron binary: it downloads from outside the npm registry)',
    };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      ok: false,
      reason: 'The Electron app needs a display (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    };
  }
  return { ok: true, binary };
}

/** `npm run demo` (the embedded sandbox) or `npm start` (the saved connection). */
export type LaunchKind = 'demo' | 'start';

/**
 * What a terminal command runs: the Electron app, or browser mode (`npm run console`'s
 * options, with the line to print first when the app was wanted but cannot run here).
 */
export type LaunchChoice =
  | { mode: 'electron'; binary: string; appArgs: string[] }
  | { mode: 'browser'; consoleArgs: string[]; reason?: string };

/** The line printed (on stderr) before browser mode starts in the app's place. */
export const BROWSER_FALLBACK = 'opening the console in browser mode.';

// Options only browser mode has: asking for one of them is asking for browser mode.
const BROWSER_ONLY = ['--port', '--api-base'];
const isOption = (arg: string, name: string) => arg === name || arg.startsWith(`${name}=`);

/**
 * Decides between the app and browser mode. Pure: the plan (binary, display) is made by the
 * caller. Bad options, `--browser` and `--help` go to browser mode as typed, with no reason
 * line (nothing was refused; browser mode itself explains a bad option and exits 2). Otherwise the app runs where it can, with `--demo` for the demo and the
 * config folder passed on; where it cannot, browser mode runs on the same data (the sandbox
 * for the demo, the saved connection for `npm start`: `--no-connect`) after one line saying why.
 */
export function chooseLaunch(
  kind: LaunchKind,
  argv: readonly string[],
  plan: LaunchPlan,
): LaunchChoice {
  // Bad options, `--browser` and `--help` are browser mode's to answer, exactly as typed.
  const parsed = parseConsoleOptions(argv);
  if (!parsed.ok || parsed.options.browser || parsed.options.help) {
    return { mode: 'browser', consoleArgs: [...argv] };
  }
  const consoleArgs = ['--browser', ...(kind === 'start' ? ['--no-connect'] : []), ...argv];
  const browserOnly = BROWSER_ONLY.find((name) => argv.some((a) => isOption(a, name)));
  if (browserOnly) {
    return {
      mode: 'browser',
      consoleArgs,
      reason: `${browserOnly} is an option of browser mode: ${BROWSER_FALLBACK}`,
    };
  }
  if (!plan.ok)
    return { mode: 'browser', consoleArgs, reason: `${plan.reason}: ${BROWSER_FALLBACK}` };
  // The app reads --demo and --config-dir (electron/main/app-args.ts) and ignores the rest.
  return {
    mode: 'electron',
    binary: plan.binary,
    appArgs: kind === 'demo' ? ['--demo', ...argv] : [...argv],
  };
}

/**
 * Builds the bundles (the renderer only when stale) and runs the app in the foreground with
 * `args`; this process ends with the app's exit code, and Ctrl-C reaches the app (whose quit
 * handler lets the print queue finish).
 */
export async function runElectron(
  root: string,
  binary: string,
  args: readonly string[],
): Promise<void> {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  console.error('Building Packbench…');
  // The app reads no key from the environment; the build and the app get the named variables
  // they need (child-env.ts), never the key nor the rest of the shell's environment.
  const env = appEnv();
  await promisify(execFile)(tsx, ['scripts/build-electron.ts'], { cwd: root, env });
  const { buildRenderer, rendererBuildIsStale } = await import('../browser-host/renderer-build');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  const child = spawn(binary, [root, ...args], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
}
