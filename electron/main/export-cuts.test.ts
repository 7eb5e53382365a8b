/**
 * Exports complete or fail: the sandbox's CSV exports through a proxy that cuts the answer at
 * random points, with a Content-Length, chunked, and with neither (the end is the connection
 * closing, so a cut looks like a normal end). Not one cut export may be reported as done: each
 * fails, says so, and leaves what arrived as `*.partial.csv` and no finished file. Uncut, each
 * framing gives the whole export, every row the list counts.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { createApiClient } from '../kernel/api/api-client';
import { AccountLimiter } from '../kernel/api/limiter';
import { FolderChoices } from '../kernel/folder-choices';
import { callContext } from '../kernel/test-support/call-context';
import {
  type CuttingProxy,
  type Framing,
  startCuttingProxy,
} from '../kernel/test-support/cutting-proxy';
import { type ApiHandlers, createApiHandlers } from './create-api-handlers';

const KEY = 'pk_export_cuts_0123456789';
const CUTS = 50;
const FRAMINGS: readonly Framing[] = ['length', 'chunked', 'close'];
const root = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-export-cuts-')));
/** Each test's folder, chosen as the renderer would (an id handed out for a folder in a root). */
const choices = new FolderChoices([{ id: 'documents', label: 'Test', path: root }]);
const into = async (dir: string) =>
  (await choices.chooseInRoot('documents', basename(dir))).choiceId;

let sandbox: RunningSandbox;
let proxy: CuttingProxy;
/** The framing and cut of the export answers; everything else passes whole. */
let plan: { framing: Framing; cut: (body: Buffer) => number | undefined; noCount?: boolean } = {
  framing: 'length',
  cut: () => undefined,
};
let h: ApiHandlers;

const ctx = callContext;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, scale: 0.1 });
  proxy = await startCuttingProxy({
    upstream: sandbox.url,
    framing: (path) => (path.endsWith('/export/') ? plan.framing : 'length'),
    cut: (path, body) => {
      if (path.endsWith('/export/')) return plan.cut(body);
      // The list's count (a one-row page of the same list) broken off before its body.
      return plan.noCount && !path.endsWith('/export/') ? 0 : undefined;
    },
  });
  h = createApiHandlers({
    client: async () =>
      createApiClient({
        baseUrl: proxy.url,
        apiKey: KEY,
        limiter: new AccountLimiter({ initialRate: 500, maxRate: 500 }),
        retries: 1,
        minRetryDelayMs: 1,
        maxRetryDelayMs: 2,
      }),
    exportDir: root,
    folders: choices,
  });
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Where the tenth CSV line ends (the header and nine rows): a cut right after a whole row. */
function afterTenthLine(body: Buffer): number {
  let at = 0;
  for (let line = 0; line < 10; line++) at = body.indexOf('\r\n', at) + 2;
  return at;
}

describe('exports through a proxy', () => {
  it.each(FRAMINGS)('uncut, framed as %s, an export is whole and done', async (framing) => {
    plan = { framing, cut: () => undefined };
    const dir = mkdtempSync(join(root, `whole-${framing}-`));
    const result = await h.ordersExport({ destination: await into(dir) }, ctx());
    const text = readFileSync(result.path, 'utf8');
    const count = (await h.ordersList({ pageSize: 1 }, ctx())).count;
    expect(result.rows).toBe(count);
    expect((parse(text) as unknown[]).length - 1).toBe(count);
    expect(statSync(result.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([result.path.slice(dir.length + 1)]);
  });

  it('a cut right after a whole row, with no length to tell, fails on the count', async () => {
    // The end of the tenth line: the file looks whole, only the list's count tells.
    plan = {
      framing: 'close',
      cut: afterTenthLine,
    };
    const dir = mkdtempSync(join(root, 'row-boundary-'));
    await expect(h.ordersExport({ destination: await into(dir) }, ctx())).rejects.toMatchObject({
      error: {
        code: 'network',
        message: expect.stringMatching(/fewer rows came than the list counts after 9 of \d+/),
      },
    });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/\.partial\.csv$/)]);
  });

  it('a cut right after a whole row with the count request failing is reported unverified', async () => {
    plan = {
      framing: 'close',
      cut: afterTenthLine,
      noCount: true,
    };
    const dir = mkdtempSync(join(root, 'row-boundary-no-count-'));
    const result = await h.ordersExport({ destination: await into(dir) }, ctx());
    expect(result.unverified).toBe('unverified: 9 orders written, the count could not be checked');
    expect(result.rows).toBe(9);
    // Kept aside under a name that says so; no file by a finished export's name.
    expect(readdirSync(dir)).toEqual([basename(result.path)]);
    expect(result.path).toMatch(/\.unverified\.csv$/);
    expect((parse(readFileSync(result.path, 'utf8')) as unknown[]).length - 1).toBe(9);
    expect(statSync(result.path).mode & 0o777).toBe(0o600);
    plan = { framing: 'length', cut: () => undefined };
  });

  it(`cut at ${CUTS} random points, never reported as done`, async () => {
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const outcomes: string[] = [];
    const logFrom = proxy.log.length;
    for (let n = 0; n < CUTS; n++) {
      const framing = FRAMINGS[n % FRAMINGS.length] as Framing;
      // Anywhere from the first byte of the body to the one before its last.
      plan = { framing, cut: (body) => Math.floor(random() * (body.length - 1)) };
      const dir = mkdtempSync(join(root, `cut-${n}-`));
      const exported = n % 2 === 0 ? h.ordersExport : h.returnsExport;
      const outcome = await exported({ destination: await into(dir) }, ctx()).then(
        (done) => ({ done }),
        (error: { error?: { code?: string; message?: string } }) => ({ error: error.error }),
      );
      if ('done' in outcome) {
        outcomes.push(`cut ${n} (${framing}) reported as done: ${outcome.done.path}`);
        continue;
      }
      expect(outcome.error?.message).toMatch(/^The export is incomplete: /);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.partial\.csv$/);
      expect(outcome.error?.message).toContain(join(dir, files[0] as string));
      expect(statSync(join(dir, files[0] as string)).mode & 0o777).toBe(0o600);
    }
    expect(outcomes).toEqual([]);
    // Every export answer really was cut (and each export asked three times).
    const exports = proxy.log
      .slice(logFrom)
      .filter((e) => e.path.endsWith('/export/') && e.cutAt !== undefined);
    expect(exports.length).toBe(CUTS * 3);
  }, 180_000);
});
