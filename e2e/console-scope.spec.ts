/**
 * `consoleScope: 'file'` (support/console-fixture.ts, support/file-shelf.ts): the file's tests
 * in one worker share one console, each with a page of its own; a test that fails does not
 * hand its console on, and the stopped one no longer answers. The shelf itself with stand-in
 * starts: the same file and options reuse, other options or another file stop what was kept
 * first, a start that failed is not kept. The tests below run in file order in one worker
 * (they pass what they saw on in `urls`), as the suites that share do.
 */
import { expect, test } from './support/console-fixture';
import { FileShelf, type Kept } from './support/file-shelf';

/** Answers the console's page at all (any HTTP status), or not: refused once it is stopped. */
async function answers(url: string): Promise<boolean> {
  return fetch(new URL('/', url)).then(
    () => true,
    () => false,
  );
}

test.describe('one console for the file', () => {
  test.skip(
    process.env.PACKBENCH_E2E_CONSOLE_SCOPE === 'test',
    'every test has its own console in this run',
  );
  test.use({ consoleScope: 'file', launch: { connect: 'none' } });
  const urls: string[] = [];

  test('the first test starts the console', async ({ app, packbench }) => {
    urls.push(packbench.url);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    await app.evaluate(() => sessionStorage.setItem('packbench.e2e.mark', 'first test'));
  });

  test('the next test gets the same console and a page of its own', async ({ app, packbench }) => {
    expect(urls, 'the console the first test started').toEqual([packbench.url]);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await app.evaluate(() => sessionStorage.getItem('packbench.e2e.mark'))).toBeNull();
  });

  test('a test that fails…', async ({ packbench }) => {
    test.fail(true, 'it fails on purpose, so its console is stopped');
    urls.push(packbench.url);
    expect(packbench.url, 'this test fails here').toBe('');
  });

  test('…does not hand its console on: the next test gets a new one', async ({ packbench }) => {
    expect(urls).toHaveLength(2);
    expect(packbench.url).not.toBe(urls[1]);
    expect(await answers(urls[1]!), 'the console the failed test had').toBe(false);
    expect(await answers(packbench.url)).toBe(true);
  });
});

/** A stand-in start: counts its starts and stops under its name. */
function counted(log: string[], name: string): () => Promise<Kept<string>> {
  return async () => {
    log.push(`start ${name}`);
    return { value: name, stop: async () => void log.push(`stop ${name}`) };
  };
}

test('the shelf reuses for the same file and options, and stops what another needs replaced', async () => {
  const log: string[] = [];
  const shelf = new FileShelf();
  expect(await shelf.take('a.spec.ts', 'sandbox', 'x', counted(log, 'sandbox a'))).toBe(
    'sandbox a',
  );
  expect(await shelf.take('a.spec.ts', 'console', 'x', counted(log, 'console a'))).toBe(
    'console a',
  );
  // The file's next test: nothing started again.
  await shelf.take('a.spec.ts', 'sandbox', 'x', counted(log, 'sandbox a again'));
  await shelf.take('a.spec.ts', 'console', 'x', counted(log, 'console a again'));
  expect(log).toEqual(['start sandbox a', 'start console a']);

  // Other options for one slot (a describe's test.use): that slot only is replaced.
  await shelf.take('a.spec.ts', 'console', 'y', counted(log, 'console a2'));
  expect(log.slice(2)).toEqual(['stop console a', 'start console a2']);

  // Another file: everything of the last one stops first, the console before its sandbox.
  await shelf.take('b.spec.ts', 'sandbox', 'x', counted(log, 'sandbox b'));
  expect(log.slice(4)).toEqual(['stop console a2', 'stop sandbox a', 'start sandbox b']);

  await shelf.clear();
  expect(log.slice(7)).toEqual(['stop sandbox b']);
});

test('a start that failed is not kept: the next test starts again', async () => {
  const shelf = new FileShelf();
  const failing = async (): Promise<Kept<string>> => {
    throw new Error('could not start');
  };
  await expect(shelf.take('a.spec.ts', 'console', 'x', failing)).rejects.toThrow('could not start');
  expect(shelf.has('a.spec.ts', 'console')).toBe(false);
  const log: string[] = [];
  expect(await shelf.take('a.spec.ts', 'console', 'x', counted(log, 'console'))).toBe('console');
  expect(log).toEqual(['start console']);
  await shelf.clear();
});
