/**
 * The process boundary is enforced twice: by the compiler (each target sees only its own
 * world's types) and by lint (Biome forbids the imports by name). These tests prove both
 * refuse a wrong import, and that the same import is fine where it belongs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const probes = join(root, '.tsbuild');
mkdirSync(probes, { recursive: true });
const dir = mkdtempSync(join(probes, 'boundary-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The declaration files every probe's program reads (the standard libraries, @types/node),
 * parsed once for all of them: five `tsc` processes each parsing them again cost about 3 s of
 * CPU apiece. Keyed by how the file is parsed, as TypeScript's own DocumentRegistry keys them.
 */
const parsedDeclarations = new Map<string, ts.SourceFile | undefined>();

/** Type-checks `source` with the compiler settings of one target, as `tsc -p` would. */
function compile(target: 'shared' | 'renderer' | 'sandbox', source: string): string {
  const name = `${target}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(dir, `${name}.ts`), source);
  const configFile = join(dir, `${name}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      extends: join(root, target, 'tsconfig.json'),
      compilerOptions: { composite: false, noEmit: true, emitDeclarationOnly: false, rootDir: dir },
      include: [],
      files: [join(dir, `${name}.ts`)],
    }),
  );
  const configErrors: ts.Diagnostic[] = [];
  const config = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d),
  });
  if (!config) throw new Error(ts.formatDiagnostics(configErrors, formatHost));
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || fileName.startsWith(dir)) {
      return read(fileName, languageVersion, onError, shouldCreate);
    }
    const key = `${fileName} ${JSON.stringify(languageVersion)}`;
    if (!parsedDeclarations.has(key)) {
      parsedDeclarations.set(key, read(fileName, languageVersion, onError, shouldCreate));
    }
    return parsedDeclarations.get(key);
  };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    configFileParsingDiagnostics: config.errors,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.length === 0 ? 'ok' : ts.formatDiagnostics(diagnostics, formatHost);
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/**
 * Lints many probes with one Biome run (one start instead of one a probe: two dozen starts
 * took past the test's timeout on a busy machine). Each answer is 'ok' or its errors'
 * categories and messages.
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

/**
 * Lints each probe (Biome's rules are chosen by path, so a probe stands in its folder for a
 * moment) in one Biome run, and expects each answer: 'ok', or errors matching the pattern.
 * One run per test instead of one a probe: each start cost about 0.3 s of CPU, 35 of them.
 */
function expectLints(cases: Array<[folder: string, source: string, expected: RegExp | 'ok']>) {
  const answers = lintMany(cases.map(([folder, source]) => ({ folder, source })));
  cases.forEach(([folder, source, expected], i) => {
    if (expected === 'ok') expect(answers[i], `${folder}: ${source}`).toBe('ok');
    else expect(answers[i], `${folder}: ${source}`).toMatch(expected);
  });
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
    expectLints([
      ['renderer/src', nodeImport, /noNodejsModules/],
      ['renderer/src', electronImport, /no raw ipcRenderer/],
      ['shared', nodeImport, /noNodejsModules/],
      ['shared', electronImport, /must not import Electron/],
      ['renderer/src', "export * from '../../sandbox/cli';\n", /only through the bridge client/],
      ['sandbox', electronImport, /plain Node server/],
      ['sandbox', nodeImport, 'ok'],
    ]);
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
    const kernel = /kernel\/ is the bottom layer/;
    const beside = /A domain stands beside the others/;
    expectLints([
      // The kernel imports no domain and not the composition.
      ['electron/kernel', "export * from '../domains/orders/order-create';\n", kernel],
      ['electron/kernel/api', "export * from '../../main/create-bridge';\n", kernel],
      // A domain reaches another domain only through its index.ts, and never main/.
      ['electron/domains/orders', "export * from '../printing/service/routing';\n", beside],
      ['electron/domains/printing/service', "export * from '../../orders/order-create';\n", beside],
      ['electron/domains/orders', "export * from '../../main/create-bridge';\n", beside],
      // Going down, into its own folders, or through another domain's index.ts is fine.
      ['electron/domains/orders', "export * from '../printing';\n", 'ok'],
      ['electron/domains/orders', "export * from '../../kernel/failure';\n", 'ok'],
      ['electron/domains/printing/service', "export * from '../queue/types';\n", 'ok'],
      ['electron/domains/printing/service', "export * from '../../../kernel/failure';\n", 'ok'],
      ['electron/kernel/api', "export * from '../failure';\n", 'ok'],
    ]);
  });

  it('lint refuses a renderer import that runs back up its layers (app, views, features, ui, query, bridge)', () => {
    const features = /features\/ sit below the views and the shell/;
    expectLints([
      // Each folder may import what lies below it, never what lies above.
      ['renderer/src/features', "export * from '../app/ui-store';\n", features],
      ['renderer/src/features', "export * from '../views/view-page';\n", features],
      [
        'renderer/src/views',
        "export * from '../app/view-registry';\n",
        /views\/ sit below the shell/,
      ],
      [
        'renderer/src/ui',
        "export * from '../features/orders/order-facts';\n",
        /ui\/ \(the design system and the list kit\) sits below/,
      ],
      [
        'renderer/src/query',
        "export * from '../ui/cn';\n",
        /query\/ \(the query layer\) sits below/,
      ],
      [
        'renderer/src/bridge',
        "export * from '../query/bridge-call';\n",
        /bridge\/ \(the client object\) is the renderer's bottom layer/,
      ],
      // The same imports are fine going down.
      ['renderer/src/app', "export * from '../views/view-page';\n", 'ok'],
      ['renderer/src/views', "export * from '../features/orders/order-facts';\n", 'ok'],
      ['renderer/src/features', "export * from '../ui/cn';\n", 'ok'],
      ['renderer/src/ui', "export * from '../query/bridge-call';\n", 'ok'],
      ['renderer/src/query', "export * from '../bridge';\n", 'ok'],
      // And the process boundary still holds in every layer.
      ['renderer/src/features', electronImport, /no raw ipcRenderer/],
      ['renderer/src/ui', nodeImport, /noNodejsModules/],
    ]);
  });
});
