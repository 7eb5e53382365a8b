/**
 * The process boundary is enforced twice: by the compiler (each target sees only its own
 * world's types) and by lint (Biome forbids the imports by name). These tests prove both
 * refuse a wrong import, and that the same import is fine where it belongs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const probes = join(root, '.tsbuild');
mkdirSync(probes, { recursive: true });
const dir = mkdtempSync(join(probes, 'boundary-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Type-checks `source` with the compiler settings of one target. */
function compile(target: 'shared' | 'renderer' | 'sandbox', source: string): string {
  const name = `${target}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(dir, `${name}.ts`), source);
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({
      extends: join(root, target, 'tsconfig.json'),
      compilerOptions: { composite: false, noEmit: true, emitDeclarationOnly: false, rootDir: dir },
      include: [],
      files: [join(dir, `${name}.ts`)],
    }),
  );
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, `${name}.json`)], {
    encoding: 'utf8',
  });
  return r.status === 0 ? 'ok' : r.stdout;
}

/**
 * Lints `source` as a file in `folder` (Biome's rules are chosen by path, so the probe must
 * stand there for a moment; it is removed at once).
 */
function lint(folder: string, source: string): string {
  const path = join(root, folder, `boundary-probe-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(path, source);
  try {
    const r = spawnSync(join(root, 'node_modules/.bin/biome'), ['lint', path], {
      encoding: 'utf8',
      cwd: root,
    });
    return r.status === 0 ? 'ok' : `${r.stdout}${r.stderr}`;
  } finally {
    rmSync(path, { force: true });
  }
}

/**
 * Lints many probes with one Biome run (one start instead of one a probe: two dozen starts
 * took past the test's timeout on a busy machine). Each answer is 'ok' or its errors'
 * categories and messages, as `lint` gives them.
 */
function lintMany(cases: Array<{ folder: string; source: string }>): string[] {
  const paths = cases.map(({ folder, source }) => {
    const path = join(folder, `boundary-probe-${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(join(root, path), source);
    return path;
  });
  try {
    const r = spawnSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=none', ...paths],
      { encoding: 'utf8', cwd: root },
    );
    const report = JSON.parse(r.stdout) as {
      diagnostics: Array<{
        severity: string;
        category: string;
        message: string;
        location: { path: string };
      }>;
    };
    return paths.map((path) => {
      const errors = report.diagnostics.filter(
        (d) => d.severity === 'error' && d.location.path === path,
      );
      return errors.length === 0
        ? 'ok'
        : errors.map((d) => `${d.category} ${d.message}`).join('\n');
    });
  } finally {
    for (const path of paths) rmSync(join(root, path), { force: true });
  }
}

const nodeImport = "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n";
const electronImport = "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n";
const domUse = 'export const title = document.title;\n';

// A hang guard, not a measure: these tests start the compiler and Biome as processes (five
// compiler runs take 30 s on a busy 2-core machine); the guard only stops one that never ends.
describe('process boundaries', { timeout: 180_000 }, () => {
  it('the compiler refuses Node in the renderer and in shared/, and the DOM in shared/', () => {
    expect(compile('renderer', nodeImport)).toMatch(/Cannot find module 'node:fs'/);
    expect(compile('shared', nodeImport)).toMatch(/Cannot find module 'node:fs'/);
    expect(compile('shared', domUse)).toMatch(/Cannot find name 'document'/);
    // The same code compiles where it belongs, so the refusals above are the boundary's.
    expect(compile('sandbox', nodeImport)).toBe('ok');
    expect(compile('renderer', domUse)).toBe('ok');
  });

  it('lint refuses Node and Electron in the renderer and shared/, and other layers', () => {
    expect(lint('renderer/src', nodeImport)).toMatch(/noNodejsModules/);
    expect(lint('renderer/src', electronImport)).toMatch(/no raw ipcRenderer/);
    expect(lint('shared', nodeImport)).toMatch(/noNodejsModules/);
    expect(lint('shared', electronImport)).toMatch(/must not import Electron/);
    expect(lint('renderer/src', "export * from '../../sandbox/cli';\n")).toMatch(
      /only through the bridge client/,
    );
    expect(lint('sandbox', electronImport)).toMatch(/plain Node server/);
    expect(lint('sandbox', nodeImport)).toBe('ok');
  });

  it('lint refuses Electron in the plain-Node parts of electron/ (kernel, domains, composition, browser host)', () => {
    const mainImport = "import { app } from 'electron/main';\nexport const a = app;\n";
    const typeImport = "import type { App } from 'electron';\nexport type A = App;\n";
    const folders = [
      'electron/kernel',
      'electron/kernel/operations',
      'electron/domains/orders',
      'electron/domains/printing/service',
      'electron/domains/labels',
      'electron/browser-host',
    ];
    const refused = folders.flatMap((folder) =>
      [electronImport, mainImport, typeImport].map((source) => ({ folder, source })),
    );
    const allowed = [
      ...folders.map((folder) => ({ folder, source: nodeImport })),
      // The Electron transport and the main process are where Electron belongs.
      { folder: 'electron/main', source: electronImport },
      { folder: 'electron/ipc', source: typeImport },
    ];
    const answers = lintMany([...refused, ...allowed]);
    refused.forEach(({ folder, source }, i) => {
      expect(answers[i], `${folder}: ${source}`).toMatch(/Plain Node here/);
    });
    allowed.forEach(({ folder, source }, i) => {
      expect(answers[refused.length + i], `${folder}: ${source}`).toBe('ok');
    });
  });

  it('lint refuses a main-process import that runs back up (kernel, domains, main)', () => {
    // The kernel imports no domain and not the composition.
    const kernelUp = "export * from '../domains/orders/order-create';\n";
    expect(lint('electron/kernel', kernelUp)).toMatch(/kernel\/ is the bottom layer/);
    expect(lint('electron/kernel/api', "export * from '../../main/create-bridge';\n")).toMatch(
      /kernel\/ is the bottom layer/,
    );
    // A domain reaches another domain only through its index.ts, and never main/.
    const beside = /A domain stands beside the others/;
    expect(
      lint('electron/domains/orders', "export * from '../printing/service/routing';\n"),
    ).toMatch(beside);
    expect(
      lint('electron/domains/printing/service', "export * from '../../orders/order-create';\n"),
    ).toMatch(beside);
    expect(lint('electron/domains/orders', "export * from '../../main/create-bridge';\n")).toMatch(
      beside,
    );
    // Going down, into its own folders, or through another domain's index.ts is fine.
    expect(lint('electron/domains/orders', "export * from '../printing';\n")).toBe('ok');
    expect(lint('electron/domains/orders', "export * from '../../kernel/failure';\n")).toBe('ok');
    expect(lint('electron/domains/printing/service', "export * from '../queue/types';\n")).toBe(
      'ok',
    );
    expect(
      lint('electron/domains/printing/service', "export * from '../../../kernel/failure';\n"),
    ).toBe('ok');
    expect(lint('electron/kernel/api', "export * from '../failure';\n")).toBe('ok');
  });

  it('lint refuses a renderer import that runs back up its layers (app, views, features, ui, query, bridge)', () => {
    // Each folder may import what lies below it, never what lies above.
    expect(lint('renderer/src/features', "export * from '../app/ui-store';\n")).toMatch(
      /features\/ sit below the views and the shell/,
    );
    expect(lint('renderer/src/features', "export * from '../views/view-page';\n")).toMatch(
      /features\/ sit below the views and the shell/,
    );
    expect(lint('renderer/src/views', "export * from '../app/view-registry';\n")).toMatch(
      /views\/ sit below the shell/,
    );
    expect(lint('renderer/src/ui', "export * from '../features/orders/order-facts';\n")).toMatch(
      /ui\/ \(the design system and the list kit\) sits below/,
    );
    expect(lint('renderer/src/query', "export * from '../ui/cn';\n")).toMatch(
      /query\/ \(the query layer\) sits below/,
    );
    expect(lint('renderer/src/bridge', "export * from '../query/bridge-call';\n")).toMatch(
      /bridge\/ \(the client object\) is the renderer's bottom layer/,
    );
    // The same imports are fine going down.
    expect(lint('renderer/src/app', "export * from '../views/view-page';\n")).toBe('ok');
    expect(lint('renderer/src/views', "export * from '../features/orders/order-facts';\n")).toBe(
      'ok',
    );
    expect(lint('renderer/src/features', "export * from '../ui/cn';\n")).toBe('ok');
    expect(lint('renderer/src/ui', "export * from '../query/bridge-call';\n")).toBe('ok');
    expect(lint('renderer/src/query', "export * from '../bridge';\n")).toBe('ok');
    // And the process boundary still holds in every layer.
    expect(lint('renderer/src/features', electronImport)).toMatch(/no raw ipcRenderer/);
    expect(lint('renderer/src/ui', nodeImport)).toMatch(/noNodejsModules/);
  });
});
