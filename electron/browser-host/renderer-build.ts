/**
 * Builds the renderer before the console serves it, when the build is missing or older than
 * any of its sources (renderer/, the shared/ code it imports, vite.config.ts). Vite's output
 * goes to stderr: stdout carries only the console's one line.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { childEnv } from '../kernel/child-env';

async function newestMtime(path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/renderer/index.html is missing or older than a source. */
export async function rendererBuildIsStale(root: string): Promise<boolean> {
  const built = await newestMtime(join(root, 'dist', 'renderer', 'index.html'));
  if (built === 0) return true;
  const sources = await Promise.all(
    ['renderer', 'shared', 'vite.config.ts'].map((p) => newestMtime(join(root, p))),
  );
  return Math.max(...sources) > built;
}

/**
 * Builds into a folder of its own, then swaps it in with two renames: a console serving the
 * build meanwhile (another suite's, a scanner run beside Vitest) never finds its files gone
 * for the seconds Vite takes to write them, only for the moment between the renames; its
 * hashed file names are the same when the sources are.
 */
export async function buildRenderer(root: string): Promise<void> {
  const dist = join(root, 'dist');
  await mkdir(dist, { recursive: true });
  const next = await mkdtemp(join(dist, '.renderer-next-'));
  try {
    await viteBuild(root, next);
    const old = `${next}-old`;
    // Twice at most: a build finishing at the same moment may put its folder in between.
    for (let attempt = 0; ; attempt += 1) {
      await rename(join(dist, 'renderer'), old).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      try {
        await rename(next, join(dist, 'renderer'));
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (attempt > 0 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
        await rm(old, { recursive: true, force: true });
      }
    }
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(next, { recursive: true, force: true });
  }
}

function viteBuild(root: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: root,
        // A NODE_ENV inherited from a test runner ("test") would make Vite emit React's
        // development build, which then gets served as if it were the real one.
        env: childEnv({ NODE_ENV: 'production' }),
        stdio: ['ignore', process.stderr, process.stderr],
      },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
