import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The folders of the main-process, sandbox and script tests (everything but the renderer). */
export const NODE_TEST_DIRS = ['shared', 'sandbox', 'electron', 'scripts', 'bench'];
const NODE_TESTS = `{${NODE_TEST_DIRS.join(',')}}/**/*.test.{ts,tsx}`;

/**
 * The main-process, sandbox and script test files that need a fresh module graph of their own:
 * they replace a module for the whole file (`vi.mock`), or test state a module keeps for the
 * life of the process (env-api-key.ts hands the key over once). Every other node file shares
 * its worker's modules with the files before it; scripts/vitest-isolation.test.ts fails when a
 * file that mocks modules or stubs globals is missing here.
 */
export const ISOLATED_NODE_TESTS = [
  'electron/preload/preload.test.ts',
  'electron/domains/printing/queue/print-service.test.ts',
  'electron/kernel/env-api-key.test.ts',
];

export default defineConfig({
  // `@shared/...` is shared/ (tsconfig.base.json's paths).
  resolve: {
    alias: [
      { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
    ],
  },
  test: {
    environment: 'node',
    // Hang guards, not measures: a test that starts a process (tsx compiling a CLI, a console,
    // a sandbox) took past 30 s at load 25-30 on the 2-core machine and failed on the machine's
    // speed. A passing test returns as soon as it is done; only a hang waits this long.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The same for expect.poll: its 1 s default measured the machine (a kept list written a
    // moment after the read ends was not there within 1 s at load 20-28 with a core busy).
    expect: { poll: { timeout: 15_000 } },
    // Sandboxes are started on port 0 per test file; files may run side by side.
    pool: 'forks',
    // Vitest's default leaves a core to itself (cores - 1 workers), which on the 2-core CI
    // machine runs every file one after another. Most files wait on child processes, servers
    // and timers, so two side by side took 301 s against 473 s for one (measured here).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          // Every renderer file in jsdom, the 55 that need no document too: a worker that met a
          // node file between two jsdom files (the 60 `@vitest-environment jsdom` docblocks)
          // set its environment up again and imported React, Testing Library and the rest
          // afresh. The renderer project took 97 s of CPU so against 39 s (measured here).
          environment: 'jsdom',
          // Not isolated: a fresh jsdom and React per file cost 260 s of the renderer's 76
          // files against 50 s shared (measured here), and these tests hold no process-wide
          // state between files (stores are reset per test, the stub bridge is per render).
          isolate: false,
          setupFiles: [
            'renderer/src/test-support/shared-document.ts',
            'renderer/src/test-support/async-timeouts.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          // The main process, sandbox and scripts. Not isolated either: importing the
          // sandbox, fastify and the bridge afresh in every file cost 79 s of import time
          // against 16 s shared, and the project took 272 s against 197 s (measured here on
          // Node 24). The files start their servers, child processes and keychains on port 0
          // and in temp folders of their own, and stop them in their hooks.
          name: 'node',
          include: [NODE_TESTS],
          exclude: ISOLATED_NODE_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', include: ISOLATED_NODE_TESTS },
      },
    ],
  },
});
