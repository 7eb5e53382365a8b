/**
 * Builds the renderer once before the suites: every test starts a console, and several
 * consoles building dist/renderer at the same moment would overwrite each other's output.
 * Then the console's and the sandbox's bundles, which every test starts (process-bundles.ts),
 * on the Node 24 they run on (node24.ts), fetched first when this Node is older.
 */
import { resolve } from 'node:path';
import { buildRenderer, rendererBuildIsStale } from '../../electron/browser-host/renderer-build';
import { ensureNode24 } from './node24';
import { buildProcessBundles } from './process-bundles';

export default async function globalSetup(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  await ensureNode24();
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  await buildProcessBundles(root);
}
