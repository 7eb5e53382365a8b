/**
 * The console and the standalone sandbox as the browser suites start them: bundled once per
 * run (global-setup.ts) into ESM, npm packages left as imports, and started with plain `node`.
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
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';

const OUT_DIR = '.tsbuild/e2e-bin';

/** Entry (as a test names it) → its bundle, relative to the project. */
const BUNDLES: Record<string, string> = {
  'scripts/console.ts': `${OUT_DIR}/console.mjs`,
  'sandbox/cli.ts': `${OUT_DIR}/sandbox.mjs`,
};

/** Writes each source module's own location where it asks `import.meta` for it. */
function sourceLocations(): Plugin {
  return {
    name: 'source-locations',
    setup(on) {
      // Our modules only: npm packages stay imports (`packages: 'external'`), never loaded here.
      on.onLoad({ filter: /\.(m?ts|tsx|mjs)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
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

export async function buildProcessBundles(root: string): Promise<void> {
  const outdir = join(root, OUT_DIR);
  await rm(outdir, { recursive: true, force: true });
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
    packages: 'external',
    plugins: [sourceLocations()],
    logLevel: 'warning',
  });
}

/**
 * Node's arguments that start `entry` (a project-relative .ts file) with `args`: its bundle,
 * which global-setup builds before every run, else (any other script) the source through tsx.
 */
export function nodeArgs(root: string, entry: string, args: readonly string[]): string[] {
  const bundle = BUNDLES[entry];
  if (bundle && existsSync(join(root, bundle))) return [bundle, ...args];
  return ['--import', 'tsx', entry, ...args];
}
