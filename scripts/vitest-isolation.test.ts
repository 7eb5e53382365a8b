/**
 * The node tests share their worker's modules (vitest.config.ts). A file that replaces a
 * module or a global for its whole run would leak that into the files after it in the same
 * worker, so each such file must be in the isolated project's list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_NODE_TESTS, NODE_TEST_DIRS } from '../vitest.config';

const ROOT = resolve(import.meta.dirname, '..');
const LEAKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;

describe('node test isolation', () => {
  const files = NODE_TEST_DIRS.flatMap((dir) =>
    readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' }).map(
      (file) => `${dir}/${file}`,
    ),
  )
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .sort();

  it('finds the node test files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('runs every file that mocks a module or stubs a global in a fresh module graph', () => {
    const leaking = files.filter((file) =>
      LEAKS.test(readFileSync(resolve(ROOT, file), 'utf8').replace(/^ \*.*$/gm, '')),
    );
    expect(leaking.length).toBeGreaterThan(0);
    expect(leaking.filter((file) => !ISOLATED_NODE_TESTS.includes(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(ISOLATED_NODE_TESTS.filter((file) => !files.includes(file))).toEqual([]);
  });
});
