/**
 * Builds the renderer once before the suites: every test starts a console, and several
 * consoles building dist/renderer at the same moment would overwrite each other's output.
 */
import { resolve } from 'node:path';
import { buildRenderer, rendererBuildIsStale } from '../../electron/browser-host/renderer-build';

export default async function globalSetup(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
}
