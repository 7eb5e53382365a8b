/**
 * A child process's script bundled once per test file, as scripts/build-electron.ts bundles
 * the main process (esbuild, ESM for Node, npm packages left as imports, the floor's
 * migrations copied beside it as floor-migrations/), so each kill-and-restart starts plain
 * Node on one file instead of `node --import tsx` resolving and compiling the whole bridge
 * again. Measured at load 12 on the 2-core machine: importing create-bridge through tsx cost
 * 5.2-6.5 s of CPU per start, the bundle 1.4 s; the build itself about 1 s, once per file.
 *
 * The bundle lives in a temporary folder under node_modules/.cache (so its package imports
 * resolve to this project's node_modules, as the built app's do); `dispose` removes it.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface BundledChild {
  /** The script to run with `node` (process.execPath). */
  file: string;
  dispose(): Promise<void>;
}

/** Bundles `entry` (a .ts script) with what it imports from this project. */
export async function bundleChild(entry: string): Promise<BundledChild> {
  const cache = join(ROOT, 'node_modules', '.cache', 'packbench');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'test-child-'));
  try {
    await build({
      entryPoints: {
        child: entry,
        // Where electron/domains/labels/zpl-render-service.ts looks for its worker in a bundle.
        'zpl-render-worker': join(ROOT, 'electron', 'domains', 'labels', 'zpl-render-worker.mjs'),
      },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // What the bridge reaches only through `import()` (the embedded sandbox, with faker and
      // fastify) stays in a chunk of its own, loaded only when asked for, as in the app's main
      // bundle: a station child on the test's own sandbox never asks, and loading it cost
      // every start about half a second of CPU.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      absWorkingDir: ROOT,
      logLevel: 'warning',
    });
    // migrate.ts reads the floor's schema steps from floor-migrations/ beside the bundle.
    await cp(
      join(ROOT, 'electron', 'domains', 'floor', 'db', 'migrations'),
      join(dir, 'floor-migrations'),
      { recursive: true },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    file: join(dir, 'child.mjs'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
