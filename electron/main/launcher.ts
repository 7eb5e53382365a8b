/**
 * Starting the Electron app from a terminal (`npm run demo`, `npm start`), or saying why not.
 * Plain Node, no `electron` import: it runs before there is any Electron, decides whether there
 * can be one (a downloaded binary and, on Linux, a display), builds the bundles and spawns it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

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

/**
 * Builds the bundles (the renderer only when stale) and runs the app in the foreground with
 * `args`; this process ends with the app's exit code. Answers false, after printing why on
 * stderr, when the app cannot start here.
 */
export async function startElectronOrSayWhy(
  root: string,
  args: readonly string[],
  fallback: string,
): Promise<boolean> {
  const plan = planElectronLaunch(root, process.env, process.platform);
  if (!plan.ok) {
    console.error(`${plan.reason}: ${fallback}`);
    return false;
  }
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  console.error('Building Packbench…');
  await promisify(execFile)(tsx, ['scripts/build-electron.ts'], { cwd: root });
  const { buildRenderer, rendererBuildIsStale } = await import('../browser-host/renderer-build');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  const child = spawn(plan.binary, [root, ...args], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  return true;
}
