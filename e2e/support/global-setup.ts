/**
 * Builds the renderer once before the suites: every test starts a console, and several
 * consoles building dist/renderer at the same moment would overwrite each other's output.
 * Then the console's and the sandbox's bundles, which every test starts (process-bundles.ts).
 */
import { resolve } from 'node:path';
import { buildRenderer, rendererBuildIsStale } from '../../electron/browser-host/renderer-build';
import { buildProcessBundles } from './process-bundles';

export default async function globalSetup(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  await buildProcessBundles(root);
}
