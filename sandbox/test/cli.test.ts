import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Three starts of the CLI: bundled once (the same sources; esbuild, packages left as imports,
// as the browser suites bundle it) instead of tsx resolving and compiling the sandbox at each
// start, which was most of this file's CPU (about 3 s a start on the 2-core machine). In
// node_modules/.cache, so the bundle's package imports resolve to this project's.
const ROOT = resolve(import.meta.dirname, '..', '..');
let bundleDir: string | undefined;
beforeAll(async () => {
  const cache = join(ROOT, 'node_modules', '.cache', 'packbench');
  await mkdir(cache, { recursive: true });
  bundleDir = await mkdtemp(join(cache, 'test-sandbox-cli-'));
  await build({
    entryPoints: [join(ROOT, 'sandbox', 'cli.ts')],
    outfile: join(bundleDir, 'cli.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    absWorkingDir: ROOT,
    logLevel: 'warning',
  });
});
afterAll(async () => {
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

function run(args: string[]) {
  if (!bundleDir) throw new Error('the sandbox CLI was not bundled');
  const child = spawn(process.execPath, [join(bundleDir, 'cli.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited, stderr: () => stderr };
}

describe('npm run sandbox', () => {
  it('prints its URL and key on one line, serves the API, and stops cleanly on SIGTERM', async () => {
    const { child, lines, exited } = run(['--port', '0', '--key', 'cli-key', '--scale', '0.05']);
    let first = '';
    for await (const line of lines) {
      first = line;
      break;
    }
    const match = /^Packbench sandbox: (http:\/\/127\.0\.0\.1:\d+) key=cli-key$/.exec(first);
    expect(match, first).not.toBeNull();
    const r = await fetch(`${match![1]}/api/locations/`, { headers: { 'X-API-Key': 'cli-key' } });
    expect(r.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses bad options with a clear message and exit code 2', async () => {
    const { exited, stderr } = run(['--scale', 'lots']);
    expect(await exited).toBe(2);
    expect(stderr()).toMatch(/--scale must be a number/);
    const faults = run(['--faults', 'boom=1']);
    expect(await faults.exited).toBe(2);
    expect(faults.stderr()).toMatch(/Unknown fault "boom=1"/);
  });
});
