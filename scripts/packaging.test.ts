/**
 * The packaging check (../shared/ENVIRONMENT.md: Electron cannot be downloaded here). Builds
 * the three bundles, packs them with electron-builder against a placeholder Electron
 * distribution (`-c.electronDist`), and reads the resulting app.asar with @electron/asar: the
 * app is there, nothing that should not be is, and every package the main process imports is
 * packed with what it needs. The same config, with a real Electron, makes the installers.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { outsideAsar, ZplRenderService } from '../electron/domains/labels/zpl-render-service';
import config from '../electron-builder';
import { buildElectron } from './build-electron';
import { packageOf } from './bundle-graph';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

let work: string;
let resources: string;
let entries: string[];
let builderLog: string;
let mainPackages: string[];
/** The Windows archive's output (below), packed in the same electron-builder run. */
let winOut: string | undefined;

/**
 * The Windows archive, packed here too: electron-builder embeds the asar integrity into the
 * Windows executable, so the placeholder must be a real (unsigned) PE file; 7-Zip's, which
 * electron-builder's own tool chain ships, serves. Signing and resource editing are off (they
 * need Windows tools); the fuses hook skips it as not Electron.
 */
const WINDOWS_PLACEHOLDER = join(
  ROOT,
  'node_modules',
  'electron-winstaller',
  'vendor',
  '7z-x64.exe',
);
const packsWindows = existsSync(WINDOWS_PLACEHOLDER);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'packbench-packaging-'));
  const electronDist = join(work, 'electron-dist');
  await run('mkdir', ['-p', electronDist]);
  // The placeholder: electron-builder copies the distribution and renames this file.
  await writeFile(join(electronDist, 'electron'), '#!/bin/sh\necho placeholder\n');
  await chmod(join(electronDist, 'electron'), 0o755);
  if (packsWindows) await copyFile(WINDOWS_PLACEHOLDER, join(electronDist, 'electron.exe'));
  if (await rendererBuildIsStale(ROOT)) await buildRenderer(ROOT);
  mainPackages = (await buildElectron(ROOT)).packages;
  const out = join(work, 'release');
  // Both platforms in one run, from one distribution folder holding both placeholders: the
  // run's own start and its walk of the project's packages were about 5 s of CPU of the 11 s
  // each separate run took (measured here with cpu-of).
  const windows = packsWindows
    ? ['--win', 'dir', '--x64', '-c.win.signAndEditExecutable=false']
    : [];
  const { stdout, stderr } = await run(
    join(ROOT, 'node_modules', '.bin', 'electron-builder'),
    [
      '--linux',
      'dir',
      ...windows,
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${out}`,
    ],
    { cwd: ROOT, env: { ...process.env, CI: 'true' }, maxBuffer: 32 * 1024 * 1024 },
  );
  builderLog = stdout + stderr;
  resources = join(out, 'linux-unpacked', 'resources');
  if (packsWindows) winOut = join(out, 'win-unpacked');
  entries = listPackage(join(resources, 'app.asar'), { isPack: false }).map((e) =>
    e.replaceAll('\\', '/'),
  );
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const topPackages = () =>
  new Set(
    entries
      .map((e) => /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)/.exec(e)?.[1])
      .filter((n): n is string => n !== undefined),
  );

const projectPackage = () =>
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

/**
 * The names of the installed packages `names` need at run time, as Node would find them from
 * the project: each with its dependencies and installed optional dependencies, transitively
 * (electron-builder may hoist a nested copy, such as pdf-lib's own tslib, to the top).
 */
function runtimeClosure(names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    let dir = from;
    let manifest: string | undefined;
    for (;;) {
      const candidate = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(candidate)) {
        manifest = candidate;
        break;
      }
      if (dir === ROOT || dir === resolve(dir, '..')) break;
      dir = resolve(dir, '..');
    }
    if (!manifest || seen.has(manifest)) return;
    seen.add(manifest);
    found.add(name);
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    const packageDir = resolve(manifest, '..');
    for (const dep of Object.keys({ ...json.dependencies, ...json.optionalDependencies })) {
      visit(dep, packageDir);
    }
  };
  for (const name of names) visit(name, ROOT);
  return found;
}

/** The npm packages the renderer's sources import (Vite bundles them into dist/renderer). */
function rendererImports(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        const specifiers = [
          ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\sfrom\s*'([^'.][^']*)'/gm),
          ...source.matchAll(/\bimport\(\s*'([^'.][^']*)'\s*\)/g),
        ];
        for (const [, spec] of specifiers) {
          const name = spec ? packageOf(spec) : undefined;
          if (name) names.add(name);
        }
      }
    }
  };
  walk(join(ROOT, 'renderer', 'src'));
  return [...names].sort();
}

describe('app.asar', () => {
  it('holds the main process, the preload and the renderer', () => {
    for (const file of [
      '/package.json',
      '/dist/main/main.mjs',
      '/dist/main/zpl-render-worker.mjs',
      '/dist/preload/preload.cjs',
      '/dist/renderer/index.html',
    ]) {
      expect(entries).toContain(file);
    }
    expect(entries.some((e) => /^\/dist\/renderer\/assets\/index-.*\.js$/.test(e))).toBe(true);
  });

  it('starts the ESM main bundle and has no development fields in package.json', () => {
    const pkg = JSON.parse(extractFile(join(resources, 'app.asar'), 'package.json').toString());
    expect(pkg.main).toBe('dist/main/main.mjs');
    expect(pkg.devDependencies).toBeUndefined();
    expect(pkg.scripts).toBeUndefined();
  });

  it('holds no source, tests, source maps or project files', () => {
    const own = entries.filter((e) => !e.startsWith('/node_modules/'));
    expect(own.filter((e) => e.endsWith('.map'))).toEqual([]);
    expect(own.filter((e) => /\.(ts|tsx)$/.test(e))).toEqual([]);
    expect(own.filter((e) => /\.(test|spec)\./.test(e))).toEqual([]);
    for (const dir of [
      '/electron',
      '/renderer',
      '/sandbox',
      '/shared',
      '/scripts',
      '/e2e',
      '/build',
      '/bench',
    ]) {
      expect(own.some((e) => e === dir || e.startsWith(`${dir}/`))).toBe(false);
    }
  });

  it('holds no development dependencies', () => {
    const dev = Object.keys(projectPackage().devDependencies);
    const packed = topPackages();
    expect(dev.filter((name) => packed.has(name))).toEqual([]);
    expect(packed.has('electron')).toBe(false);
  });

  it('has as production dependencies exactly what main, its worker and its sandbox chunk import', () => {
    // The preload is one self-contained file: it imports nothing but electron at run time.
    expect(Object.keys(projectPackage().dependencies).sort()).toEqual(
      mainPackages.filter((name) => name !== 'electron'),
    );
  });

  it('packs the production dependencies and what they need, nothing else', () => {
    const needed = runtimeClosure(Object.keys(projectPackage().dependencies));
    expect(needed.size).toBeGreaterThan(50);
    const packed = topPackages();
    expect([...packed].filter((name) => !needed.has(name))).toEqual([]);
    // Each needed package is in the archive, at the top or nested where its user needs it.
    const manifests = new Set(
      entries.map((e) => /\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)\/package\.json$/.exec(e)?.[1]),
    );
    expect([...needed].filter((name) => !manifests.has(name))).toEqual([]);
  });

  it("keeps the renderer's libraries in devDependencies and out of the archive (Vite bundled them)", () => {
    const { dependencies, devDependencies } = projectPackage();
    const rendererOnly = rendererImports().filter((name) => !mainPackages.includes(name));
    expect(rendererOnly).toEqual(expect.arrayContaining(['react', 'react-dom', 'pdfjs-dist']));
    expect(rendererOnly.filter((name) => !(name in devDependencies))).toEqual([]);
    expect(rendererOnly.filter((name) => name in dependencies)).toEqual([]);
    const packed = topPackages();
    expect(rendererOnly.filter((name) => packed.has(name))).toEqual([]);
  });

  it('holds every package the main process imports, with their dependencies', () => {
    const packed = topPackages();
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string, from: string) => {
      if (seen.has(name) || name === 'electron') return;
      seen.add(name);
      if (!packed.has(name)) missing.push(`${name} (needed by ${from})`);
      const manifest = join(ROOT, 'node_modules', name, 'package.json');
      if (!existsSync(manifest)) return;
      const deps = JSON.parse(readFileSync(manifest, 'utf8')).dependencies ?? {};
      for (const dep of Object.keys(deps)) visit(dep, name);
    };
    for (const name of mainPackages) visit(name, 'the main bundle');
    expect(mainPackages).toContain('@napi-rs/keyring');
    // Imported by the ZPL worker, not main.mjs: the build checks both bundles.
    expect(mainPackages).toContain('zpl-renderer-js');
    expect(missing).toEqual([]);
  });

  it('holds one copy of the ZPL renderer, unpacked, and its worker draws a label from there', async () => {
    const renderer = entries.filter((e) => e.startsWith('/node_modules/zpl-renderer-js/dist/'));
    expect(renderer.filter((e) => e.endsWith('.js'))).toEqual([
      '/node_modules/zpl-renderer-js/dist/index.esm.js',
    ]);
    const unpacked = join(resources, 'app.asar.unpacked');
    expect(existsSync(join(unpacked, 'dist', 'main', 'zpl-render-worker.mjs'))).toBe(true);
    expect(
      existsSync(join(unpacked, 'node_modules', 'zpl-renderer-js', 'dist', 'index.esm.js')),
    ).toBe(true);
    // The URL main.mjs would compute inside the archive, mapped as the service maps it; the
    // worker then runs from the unpacked files under Node (no Electron binary here).
    const inArchive = pathToFileURL(
      join(resources, 'app.asar', 'dist', 'main', 'zpl-render-worker.mjs'),
    );
    const service = new ZplRenderService({ workerUrl: outsideAsar(inArchive) });
    try {
      const drawn = await service.render('^XA^PW812^LL1218^FO50,50^A0N,40,40^FDPacked^FS^XZ');
      expect(drawn.pages.map((p) => [p.widthDots, p.heightDots])).toEqual([[812, 1218]]);
    } finally {
      await service.close();
    }
  });

  it('unpacks the native keychain module beside the archive', () => {
    const unpacked = join(resources, 'app.asar.unpacked', 'node_modules', '@napi-rs');
    expect(existsSync(join(unpacked, 'keyring', 'package.json'))).toBe(true);
    expect(existsSync(join(unpacked, `keyring-linux-${process.arch}-gnu`))).toBe(true);
  });

  it("leaves pdf-to-printer's SumatraPDF out of a Linux build (a Windows-only helper)", () => {
    // electron-builder drops .exe files from node_modules on other systems; Windows: below.
    expect(entries).toContain('/node_modules/pdf-to-printer/dist/bundle.js');
    expect(entries.filter((e) => e.endsWith('.exe'))).toEqual([]);
    expect(existsSync(join(resources, 'app.asar.unpacked', 'node_modules', 'pdf-to-printer'))).toBe(
      false,
    );
  });
});

describe.skipIf(!packsWindows)('the Windows archive', () => {
  let winResources: string;
  let winEntries: string[];

  beforeAll(() => {
    if (!winOut) throw new Error('the Windows archive was not packed');
    winResources = join(winOut, 'resources');
    winEntries = listPackage(join(winResources, 'app.asar'), { isPack: false }).map((e) =>
      e.replaceAll('\\', '/'),
    );
  });

  it("unpacks pdf-to-printer's SumatraPDF beside the archive, where the package runs it from", () => {
    const exes = readdirSync(join(ROOT, 'node_modules', 'pdf-to-printer', 'dist')).filter((f) =>
      f.endsWith('.exe'),
    );
    expect(exes).toEqual([expect.stringMatching(/^SumatraPDF.*\.exe$/)]);
    const unpacked = join(winResources, 'app.asar.unpacked', 'node_modules', 'pdf-to-printer');
    for (const exe of exes) expect(existsSync(join(unpacked, 'dist', exe))).toBe(true);
    // The package's code stays in the archive (it swaps app.asar for app.asar.unpacked itself).
    expect(winEntries).toContain('/node_modules/pdf-to-printer/dist/bundle.js');
    expect(winEntries).toContain('/dist/main/main.mjs');
  });
});

describe('around the archive', () => {
  it('writes the generic update feed for electron-updater', async () => {
    const feed = await readFile(join(resources, 'app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toMatch(/url: https:\/\//);
  });

  it('skips the fuses on the placeholder binary, saying so', () => {
    expect(builderLog).toContain('Electron fuses skipped');
    expect(builderLog).toContain('not a real Electron binary');
  });

  it('targets AppImage and deb, NSIS and dmg, with icons and desktop metadata from build/', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.linux?.desktop?.entry?.Name).toBe('Packbench');
    for (const icon of ['build/icon.png', 'build/icons/256x256.png', 'build/icons/512x512.png']) {
      expect(existsSync(join(ROOT, icon))).toBe(true);
    }
    expect(config.asarUnpack).toContain('**/*.node');
  });
});
