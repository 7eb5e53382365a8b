import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          // Not isolated: a fresh jsdom and React per file cost 260 s of the renderer's 76
          // files against 50 s shared (measured here), and these tests hold no process-wide
          // state between files (stores are reset per test, the stub bridge is per render).
          isolate: false,
          setupFiles: ['renderer/src/test-support/shared-document.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          // The main process, sandbox and scripts: isolated, as they start servers, child
          // processes and keychains and some mock modules.
          include: ['{shared,sandbox,electron,scripts,bench}/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
