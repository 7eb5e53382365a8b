/**
 * The console and the standalone sandbox as the browser suites start them: bundled once per
 * run (global-setup.ts) into ESM, npm packages included (native addons left as imports), and
 * started with plain `node`.
 * Under tsx every start transformed and resolved some 400 modules again. CPU to the ready line
 * (measured here with a throwaway script, three starts each): sandbox 2.7-3.6 s under tsx,
 * 1.4-1.8 s bundled; console 1.9-2.5 s under tsx, 1.0 s bundled and split (the embedded
 * sandbox and faker in a chunk loaded only when asked for). Twice per test, on a 2-core
 * machine that runs two tests at once.
 *
 * The bundle behaves as the sources do under tsx, path for path: each of our modules sees its
 * own `import.meta.url` and `import.meta.dirname` (console-main.ts finds dist/renderer from
 * its own folder, the ZPL service its worker beside it), written in as the source file's
 * location. The code is the same code, the same npm packages, the same Node.
 *
 * Each run builds into a folder of its own (.tsbuild/e2e-runs/<pid>-<random>), named to its
 * workers in PACKBENCH_E2E_BIN and removed when the run ends: one shared folder was deleted and
 * rebuilt by a second run (another engineer's, or a bench) while the first run's consoles were
 * starting from it. Anything started without that variable (a bench, a Vitest file) runs the
 * sources through tsx, never another run's bundle.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { build, type Loader, type Plugin } from 'esbuild';
import {
  IMPORTED_ON_DEMAND,
  NATIVE_PACKAGES,
  REQUIRE_BANNER,
  withOwnLocation,
} from '../../electron/test-support/package-locations';
import { isAlive } from './build-lock';

/** The folder of this run's bundles, set by the global setup for the workers. */
export const BUNDLE_DIR_VARIABLE = 'PACKBENCH_E2E_BIN';

/** Where the runs' folders go (inside the project: the bundles import its node_modules). */
const RUNS_DIR = '.tsbuild/e2e-runs';

/** Entry (as a test names it) → its bundle's name in the run's folder. */
const BUNDLES: Record<string, string> = {
  'scripts/console.ts': 'console.mjs',
  'sandbox/cli.ts': 'sandbox.mjs',
};

/**
 * Writes each module's own location where it asks for it (package-locations.ts): `import.meta`
 * in ours and in packages' ES modules, `__dirname`/`__filename` in packages' CommonJS files.
 */
function sourceLocations(): Plugin {
  return {
    name: 'source-locations',
    setup(on) {
      on.onLoad({ filter: /\.(m?ts|tsx|mjs|c?js)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = withOwnLocation(args.path, source);
        if (contents === source && !/\.(m?ts|tsx)$/.test(args.path)) return undefined;
        return {
          contents,
          loader: LOADERS[extname(args.path)] ?? 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx' };

/** Removes the folders of runs whose process is gone (a run killed before its teardown). */
async function removeAbandoned(runs: string): Promise<void> {
  const names = await readdir(runs).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
      await rm(join(runs, name), { recursive: true, force: true });
    }
  }
}

/**
 * Builds this run's bundles into a fresh folder of its own and returns it (the caller puts it
 * in BUNDLE_DIR_VARIABLE and removes it at the end).
 */
export async function buildProcessBundles(root: string): Promise<string> {
  const runs = join(root, RUNS_DIR);
  await mkdir(runs, { recursive: true });
  await removeAbandoned(runs);
  const outdir = await mkdtemp(join(runs, `${process.pid}-`));
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(BUNDLES).map(([entry, out]) => [basename(out, '.mjs'), join(root, entry)]),
    ),
    outdir,
    absWorkingDir: root,
    bundle: true,
    // What the console reaches only through `import()` (the embedded sandbox, with faker)
    // stays in a chunk of its own, loaded when asked for, as in the app's main bundle.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    // The bundles run on Node 24 (node24.ts), whatever Node builds them.
    target: 'node24',
    // npm packages inside too, native addons left as imports (package-locations.ts): half of a
    // sandbox's start was Node's loader reading some 300 package files (151-203 CPU ticks to
    // the ready line against 112-128 bundled).
    // and the CommonJS packages loaded with `import()` (package-locations.ts).
    external: [...NATIVE_PACKAGES, ...IMPORTED_ON_DEMAND],
    banner: { js: REQUIRE_BANNER },
    plugins: [sourceLocations()],
    logLevel: 'warning',
  });
  return outdir;
}

/**
 * Node's arguments that start `entry` (a project-relative .ts file) with `args`: its bundle in
 * this run's folder (BUNDLE_DIR_VARIABLE, set by the global setup), else (any other script, or
 * no run's folder) the source through tsx.
 */
export function nodeArgs(
  entry: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const dir = env[BUNDLE_DIR_VARIABLE];
  const bundle = BUNDLES[entry];
  if (dir && bundle && existsSync(join(dir, bundle))) return [join(dir, bundle), ...args];
  return ['--import', 'tsx', entry, ...args];
}
