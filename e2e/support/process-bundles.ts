/**
 * The console and the standalone sandbox as the browser suites start them: each bundled once
 * per run (global-setup.ts) into one ESM file, npm packages left as imports, and started with
 * plain `node`. Under tsx every start transformed and resolved some 400 modules again: 1.2 s
 * more CPU per sandbox and 0.4 s per console (measured here, .tsbuild/start-cpu.mjs), twice
 * per test on a 2-core machine that runs two tests at once.
 *
 * The bundle behaves as the sources do under tsx, path for path: each of our modules sees its
 * own `import.meta.url` and `import.meta.dirname` (console-main.ts finds dist/renderer from
 * its own folder, the ZPL service its worker beside it), written in as the source file's
 * location. The code is the same code, the same npm packages, the same Node.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Entry (as a test names it) → its bundle, relative to the project. */
const BUNDLES: Record<string, string> = {
  'scripts/console.ts': '.tsbuild/e2e-bin/console.mjs',
  'sandbox/cli.ts': '.tsbuild/e2e-bin/sandbox.mjs',
};

/** Writes each source module's own location where it asks `import.meta` for it. */
function sourceLocations(root: string): Plugin {
  return {
    name: 'source-locations',
    setup(on) {
      on.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, async (args) => {
        if (args.path.includes(`${join(root, 'node_modules')}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const contents = source
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents, loader, resolveDir: dirname(args.path) };
      });
    },
  };
}

export async function buildProcessBundles(root: string): Promise<void> {
  await Promise.all(
    Object.entries(BUNDLES).map(([entry, out]) =>
      build({
        entryPoints: [join(root, entry)],
        outfile: join(root, out),
        absWorkingDir: root,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: `node${process.versions.node.split('.')[0]}`,
        packages: 'external',
        plugins: [sourceLocations(root)],
        logLevel: 'warning',
      }),
    ),
  );
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
