/**
 * `npm run build:electron`: bundles the main process and the preload with esbuild.
 *  - main → dist/main/main.mjs: ESM (Electron ≥ 28 loads an ESM main; several dependencies are
 *    ESM-only), our code bundled, npm packages left as imports: electron-builder packs the
 *    production dependencies, native ones (@napi-rs/keyring) unpacked beside the archive.
 *    Code splitting is on, so what main.ts reaches only through a dynamic `import()` — the
 *    embedded sandbox (electron/domains/connections/embedded-sandbox.ts) — lands in a chunk of its own beside
 *    main.mjs (code both use in a shared chunk), loaded the first time the demo is asked for;
 *    main-bundle.test.ts reads the metafile to prove the start holds none of it.
 *  - the ZPL renderer's worker thread → dist/main/zpl-render-worker.mjs, beside main.mjs, where
 *    electron/domains/labels/zpl-render-service.ts looks for it (relative to import.meta.url, which in
 *    the bundle is main.mjs). A worker is started from a file, so it cannot be inlined.
 *  - preload → dist/preload/preload.cjs: one self-contained CommonJS file, because a sandboxed
 *    preload can neither be ESM nor require anything but `electron` and a few built-ins.
 * The build fails when the main bundle imports a package that is not a production dependency
 * (it would be missing from the installed app). `--sourcemap` adds maps for debugging.
 */
import { readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { packageOf } from './bundle-graph';

const ROOT = resolve(import.meta.dirname, '..');
// Electron 45 runs Node 24 in its main process (the toolchain also runs on Node 20: see README).
const NODE_TARGET = 'node24';

/**
 * How the main process's code is compiled: ESM for Node, npm packages left as imports. No
 * `keepNames` (tsx's default, which wraps every function made in a naming call): benches that
 * measure code as shipped compile it with these (bench/node-bundle.ts).
 */
export const NODE_MODULE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: NODE_TARGET,
  packages: 'external',
  legalComments: 'none',
  logLevel: 'warning',
} as const;

export interface ElectronBuild {
  main: string;
  preload: string;
  /** The main process's worker threads, beside `main`. */
  workers: string[];
  /** The npm packages the main bundle (with its on-demand chunks) and its workers import. */
  packages: string[];
  /** esbuild's metafile of main.mjs and its chunks (paths relative to the project). */
  mainMetafile: Metafile;
}

export async function buildElectron(
  root: string = ROOT,
  options: { sourcemap?: boolean; outDir?: string } = {},
): Promise<ElectronBuild> {
  const sourcemap = options.sourcemap ? 'linked' : false;
  const outDir = options.outDir ?? join(root, 'dist');
  const main = join(outDir, 'main', 'main.mjs');
  const preload = join(outDir, 'preload', 'preload.cjs');
  const zplWorker = join(outDir, 'main', 'zpl-render-worker.mjs');
  await rm(join(outDir, 'main'), { recursive: true, force: true });
  await rm(join(outDir, 'preload'), { recursive: true, force: true });
  // The main process and the ZPL worker thread: ESM for Node, packages left as imports.
  const nodeModule = { ...NODE_MODULE, sourcemap, metafile: true } as const;
  const mainResult = await build({
    ...nodeModule,
    entryPoints: { main: join(root, 'electron', 'main', 'main.ts') },
    outdir: dirname(main),
    splitting: true,
    // Chunks beside main.mjs, so `import.meta.url` means the same folder in every one of them.
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    absWorkingDir: root,
  });
  // Not split with main: the worker runs from app.asar.unpacked (see electron-builder.ts), where
  // a chunk shared with main.mjs would not be.
  const workerResult = await build({
    ...nodeModule,
    entryPoints: [join(root, 'electron', 'domains', 'labels', 'zpl-render-worker.mjs')],
    outfile: zplWorker,
  });
  await build({
    entryPoints: [join(root, 'electron', 'preload', 'preload.ts')],
    outfile: preload,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: NODE_TARGET,
    external: ['electron'],
    sourcemap,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The floor's schema steps (issue 29) are read at run time, as files: migrate.ts looks for
  // them in floor-migrations/ beside the bundle.
  await cp(
    join(root, 'electron', 'domains', 'floor', 'db', 'migrations'),
    join(dirname(main), 'floor-migrations'),
    { recursive: true },
  );
  const packages = importedPackages(mainResult.metafile, workerResult.metafile);
  const production = new Set([
    ...Object.keys(readPackageJson(root).dependencies ?? {}),
    'electron',
  ]);
  const missing = packages.filter((name) => !production.has(name));
  if (missing.length > 0) {
    throw new Error(
      `The main process imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in "dependencies": the installed app would not find ${missing.length === 1 ? 'it' : 'them'}.`,
    );
  }
  return { main, preload, workers: [zplWorker], packages, mainMetafile: mainResult.metafile };
}

/** The package names (not paths) the bundles import, built-ins left out. */
export function importedPackages(...metafiles: Metafile[]): string[] {
  const names = new Set<string>();
  for (const output of metafiles.flatMap((metafile) => Object.values(metafile.outputs))) {
    for (const { path, external } of output.imports) {
      const name = external ? packageOf(path) : undefined;
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

function readPackageJson(root: string): { dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = Date.now();
  buildElectron(ROOT, { sourcemap: process.argv.includes('--sourcemap') }).then(
    (out) => {
      console.log(
        `Built the main process and preload in ${Date.now() - started} ms (main imports: ${out.packages.join(', ')}).`,
      );
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
