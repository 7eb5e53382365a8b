import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,sandbox,electron,renderer,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Sandboxes are started on port 0 per test file; files may run side by side.
    pool: 'forks',
  },
});
