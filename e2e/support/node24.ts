/**
 * The Node the browser suites and the benches start consoles and sandboxes on: Node 24, as
 * every other mode runs them (scripts/with-node24.sh). The Playwright runner may itself run on
 * the machine's older Node; the global setup fetches the pinned Node 24 before any test
 * (scripts/pinned-node.ts), and this finds it without a fetch of its own.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensurePinnedNode, pinnedNodeDir } from '../../scripts/pinned-node';

const ROOT = resolve(import.meta.dirname, '..', '..');

const runsOn24 = () => Number(process.versions.node.split('.')[0]) >= 24;

/** The `node` binary to start consoles and sandboxes with. */
export function node24(): string {
  if (runsOn24()) return process.execPath;
  const node = join(pinnedNodeDir(ROOT), 'bin', 'node');
  if (!existsSync(node)) {
    throw new Error(
      `No Node 24 at ${node}: the global setup fetches it (or run: npx tsx scripts/pinned-node.ts).`,
    );
  }
  return node;
}

/** Fetches the pinned Node 24 when this Node is older (once; later runs find it). */
export async function ensureNode24(): Promise<void> {
  if (!runsOn24()) await ensurePinnedNode(ROOT);
}
