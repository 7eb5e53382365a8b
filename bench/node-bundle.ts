/**
 * A bench module compiled as the app's main process is (scripts/build-electron.ts:
 * NODE_MODULE), for measures of CPU per call that must see the code as shipped. Under tsx
 * every function expression also goes through esbuild's `__name` helper (keepNames), an
 * Object.defineProperty per closure made: 0.075 ms of a 50-order page's ~2.5 ms in a CPU
 * profile (issue 34), which the built app never pays.
 *
 * The bundle is written inside the project (an ignored folder), so its npm imports resolve
 * from the project's node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { NODE_MODULE } from '../scripts/build-electron';

const ROOT = resolve(import.meta.dirname, '..');

export interface NodeBundle {
  /** The compiled module, one .mjs file. */
  file: string;
  remove(): void;
}

export async function bundleForNode(entry: string): Promise<NodeBundle> {
  mkdirSync(join(ROOT, '.tsbuild'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tsbuild', 'bench-bundle-'));
  const file = join(dir, 'entry.mjs');
  await build({ ...NODE_MODULE, entryPoints: [entry], outfile: file, absWorkingDir: ROOT });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
