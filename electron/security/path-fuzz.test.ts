/**
 * Issue 31's hostile renderer, fuzzed: every bridge method whose arguments can carry a path, a
 * folder or a URL is called over real HTTP (the browser-mode host, its session token, the real
 * handlers, the embedded sandbox) with the attacks of the last campaign and their cousins:
 * /proc/self/environ, ../../, a symlink out of an allowed root, \\?\ and \\.\ device paths,
 * file: URLs, NUL bytes, very long and odd unicode text, forged ids, the old `{ path }` shape.
 *
 * Judged on the file system, not on error codes: canary files outside the allowed roots whose
 * contents must never come back (nor /proc/self/environ's), no file created or changed outside
 * the roots (this test's tree and /etc, compared before and after), and each canary unchanged.
 */
import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHost, startBrowserHost } from '../browser-host';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { createBridge } from '../main/create-bridge';
import { defaultRoots } from './folder-policy';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-path-fuzz-')));
const home = join(base, 'home');
const configDir = join(home, '.config', 'packbench');
const outside = join(base, 'outside');
const CANARY = `CANARY-${randomBytes(12).toString('hex')}`;
const roots = defaultRoots(home, configDir);
const rootPaths = roots.map((r) => r.path);

/** A line of this process's /proc/self/environ (PATH=…): never in any answer. */
const environLine = readFileSync('/proc/self/environ', 'latin1')
  .split('\0')
  .find((l) => l.startsWith('PATH='));

let bridge: Bridge;
let host: BrowserHost;
let token = '';
let before: Map<string, string>;
let etcBefore: string[];
const answers: string[] = [];

/** Every entry under `dir` that is not inside an allowed root: path → kind, size and mtime. */
function snapshot(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (rootPaths.some((r) => p === r || p.startsWith(`${r}/`))) continue;
    const info = lstatSync(p);
    into.set(
      p,
      `${info.isDirectory() ? 'd' : info.isSymbolicLink() ? 'l' : 'f'}:${info.size}:${info.isDirectory() ? 0 : info.mtimeMs}`,
    );
    if (info.isDirectory()) snapshot(p, into);
  }
  return into;
}

async function call(
  method: string,
  args: unknown,
): Promise<{ ok: boolean; error?: { code: string } }> {
  const r = await fetch(`${host.origin}/bridge/call/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  const text = await r.text();
  answers.push(text);
  return JSON.parse(text) as { ok: boolean; error?: { code: string } };
}

beforeAll(async () => {
  for (const d of ['Documents', 'Downloads', '.config/packbench', '.ssh']) {
    mkdirSync(join(home, d), { recursive: true });
  }
  mkdirSync(outside);
  writeFileSync(join(outside, 'canary.txt'), CANARY, { mode: 0o600 });
  writeFileSync(join(outside, 'canary.csv'), `id\n${CANARY}\n`);
  writeFileSync(join(home, '.ssh', 'id_canary'), CANARY);
  // Symlinks inside allowed roots that lead out of them.
  symlinkSync(outside, join(home, 'Documents', 'escape'));
  symlinkSync(join(outside, 'canary.csv'), join(home, 'Downloads', 'leak.csv'));
  symlinkSync('/proc/self', join(home, 'Documents', 'self'));
  bridge = await createBridge({
    configDir,
    exportDir: join(home, 'Downloads', 'Packbench'),
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    folderRoots: roots,
    printing: { defaultFolder: join(home, 'Documents', 'Packbench', 'Printed'), useCups: false },
  });
  host = await startBrowserHost({
    dispatcher: bridge.dispatcher,
    events: bridge.events,
    rendererDir: join(base, 'no-renderer'),
    ...(bridge.downloads ? { downloads: bridge.downloads } : {}),
  });
  token = new URL(host.url).hash.replace('#token=', '');
  const sandbox = (await call('sandboxStart', {})) as unknown as { value: { id: string } };
  await call('connectionSelect', { id: sandbox.value.id });
  before = snapshot(base);
  etcBefore = readdirSync('/etc').sort();
}, 60_000);

afterAll(async () => {
  await host?.close();
  await bridge?.close();
  rmSync(base, { recursive: true, force: true });
});

/** What a hostile page puts where a path, a folder, a file or a URL goes. */
const HOSTILE: readonly string[] = [
  '/proc/self/environ',
  '/proc/self',
  '/proc/1/root/etc/passwd',
  '/etc/passwd',
  '/etc',
  '/sys/kernel',
  '/dev/stdin',
  '../../',
  '../../../../../../etc/passwd',
  '..',
  '.',
  '',
  'escape',
  'escape/canary.txt',
  'self/environ',
  'Packbench/../../../outside',
  '.ssh',
  '.config/packbench/../../.ssh',
  outside,
  join(outside, 'canary.txt'),
  join(home, '.ssh'),
  join(home, 'Downloads', 'leak.csv'),
  '\\\\?\\C:\\Windows\\System32',
  '\\\\.\\pipe\\packbench',
  '//server/share',
  'C:\\Windows',
  'file:///proc/self/environ',
  `file://${outside}/canary.txt`,
  'file:/etc/passwd',
  'Packbench\u0000/../../etc',
  '/tmp\u0000/proc/self/environ',
  'x'.repeat(5000),
  '../'.repeat(200),
  '%2e%2e%2f%2e%2e%2fetc',
  '..%2F..%2Fetc',
  '\u2025/\u2025/etc',
  'Ｐａｃｋｂｅｎｃｈ/../../..',
  'a\u202e/../..',
  'folder-AAAAAAAAAAAAAAAAAAAAAAAA',
  'file-AAAAAAAAAAAAAAAAAAAAAAAA',
  'file-../../../proc/self/environ',
  '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e',
];

/** Each method and the argument shapes a path could ride in. */
function shapes(x: string): [string, unknown][] {
  return [
    ['folderChoose', { purpose: 'export', root: 'documents', subfolder: x }],
    ['folderChoose', { purpose: 'print-folder', root: 'config', subfolder: x }],
    ['folderChoose', { purpose: 'export', root: x }],
    ['folderPick', { purpose: 'export', startIn: x }],
    ['pathReveal', { fileId: x, as: 'file' }],
    ['pathReveal', { jobId: x, as: 'folder' }],
    ['pathReveal', { path: x, as: 'file' }],
    ['savedFileGet', { fileId: x }],
    ['savedFileGet', { jobId: x }],
    ['savedFileGet', { path: x }],
    ['savedFileLink', { fileId: x }],
    ['savedFileLink', { jobId: x }],
    ['ordersExport', { filters: { stage: 'cancelled' }, destination: x }],
    ['returnsExport', { filters: { status: 'closed' }, destination: x }],
    ['inventoryExport', { filters: { location: 1 }, destination: x }],
    ['tableExport', { name: 'recalls', header: ['a'], rows: [['1']], destination: x }],
    ['settingsUpdate', { patch: { printing: { folder: x } } }],
    ['settingsUpdate', { patch: { views: { [x.slice(0, 100)]: x } } }],
    ['productImage', { url: x }],
    ['productImage', { url: `/media/../${x}` }],
    ['connectionSave', { name: 'Fuzz', baseUrl: x }],
    ['connectionTest', { baseUrl: x, apiKey: 'fuzz-key-12345678' }],
  ];
}

describe('every path-, folder- and URL-carrying bridge method, fuzzed over HTTP', () => {
  it('still writes where the person chose, and hands the file back once by its link', async () => {
    const choice = (await call('folderChoose', {
      purpose: 'export',
      root: 'documents',
      subfolder: 'Packbench/Exports',
    })) as unknown as { value: { path: string; choiceId: string } };
    expect(choice.value.path).toBe(join(home, 'Documents', 'Packbench', 'Exports'));
    const written = (await call('tableExport', {
      name: 'recalls',
      header: ['batch'],
      rows: [['B-7']],
      destination: choice.value.choiceId,
    })) as unknown as { value: { path: string; fileId: string } };
    expect(written.value.path.startsWith(choice.value.path)).toBe(true);
    const link = (await call('savedFileLink', { fileId: written.value.fileId })) as unknown as {
      value: { url: string };
    };
    const first = await fetch(`${host.origin}${link.value.url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="recalls-/);
    expect(await first.text()).toBe('batch\r\nB-7\r\n');
    // One time only.
    expect((await fetch(`${host.origin}${link.value.url}`)).status).toBe(404);
  });

  it('reads and writes nothing outside the allowed roots', async () => {
    const codes = new Map<string, number>();
    let calls = 0;
    for (const x of HOSTILE) {
      for (const [method, args] of shapes(x)) {
        const answer = await call(method, args);
        calls++;
        const code = answer.ok ? 'ok' : (answer.error?.code ?? 'none');
        codes.set(code, (codes.get(code) ?? 0) + 1);
        expect(code, `${method} ${JSON.stringify(args).slice(0, 120)}`).not.toBe('internal');
      }
      // After each hostile settings patch, Save to folder prints where the setting says.
      await call('printTestPage', {
        kind: 'packing_slip',
        override: { printerId: 'save-to-folder' },
      });
    }
    // The host's download route with the same text as a link id.
    for (const x of HOSTILE) {
      const url = new URL(`${host.origin}/files/${encodeURIComponent(x)}`);
      const r = await fetch(url);
      answers.push(await r.text());
      // `/files/..` is `/` once the URL is parsed: the page, not a file.
      if (url.pathname.startsWith('/files/')) expect(r.status, url.pathname).toBe(404);
    }
    await bridge.close().catch(() => {});
    expect(calls).toBe(HOSTILE.length * shapes('').length);

    // Nothing read: no answer holds a canary or the process's environment.
    expect(answers.filter((a) => a.includes(CANARY))).toEqual([]);
    if (environLine) expect(answers.filter((a) => a.includes(environLine))).toEqual([]);
    // Nothing written or changed outside the roots (this test's tree; /etc's names).
    expect([...snapshot(base)].filter(([p, v]) => before.get(p) !== v)).toEqual([]);
    expect([...before.keys()].filter((p) => !snapshot(base).has(p))).toEqual([]);
    expect(readdirSync('/etc').sort()).toEqual(etcBefore);
    expect(readFileSync(join(outside, 'canary.txt'), 'utf8')).toBe(CANARY);
    // The hostile calls were refused as bad arguments or unknown files, not passed through.
    expect(codes.get('ok') ?? 0).toBeLessThan(calls / 4);
  }, 300_000);
});
