/**
 * Builds the renderer once before the suites: every test starts a console, and several
 * consoles building dist/renderer at the same moment would overwrite each other's output.
 * Then the console's and the sandbox's bundles, which every test starts (process-bundles.ts),
 * on the Node 24 they run on (node24.ts), fetched first when this Node is older: into a folder
 * of this run's own, named to the workers in PACKBENCH_E2E_BIN (Playwright's workers inherit
 * what the global setup puts in process.env) and removed by the teardown returned here.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildRenderer, rendererBuildIsStale } from '../../electron/browser-host/renderer-build';
import { withBuildLock } from './build-lock';
import { ensureNode24 } from './node24';
import { BUNDLE_DIR_VARIABLE, buildProcessBundles } from './process-bundles';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = resolve(import.meta.dirname, '..', '..');
  await ensureNode24();
  // Two runs at once (two engineers, a bench beside a suite) would both find the build stale
  // and write dist/renderer over each other: one builds, the other waits and finds it fresh.
  await withBuildLock(root, 'renderer', async () => {
    if (await rendererBuildIsStale(root)) await buildRenderer(root);
  });
  const bundles = await buildProcessBundles(root);
  process.env[BUNDLE_DIR_VARIABLE] = bundles;
  return async () => {
    await rm(bundles, { recursive: true, force: true });
  };
}
