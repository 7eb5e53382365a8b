/**
 * The desktop app starts without the demo's weight: the main bundle's metafile shows that
 * what main.mjs loads at start (it and the chunks it imports statically) holds no sandbox
 * module and imports neither faker nor fastify, and that the sandbox sits in a chunk of its
 * own that main.mjs imports dynamically — and that this chunk, as built, really serves the API.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../sandbox/server/start';
import { buildElectron } from './build-electron';
import { type LoadedGraph, outputOf, staticGraph } from './bundle-graph';

const ROOT = resolve(import.meta.dirname, '..');
/** Packages only the sandbox uses: none of them may load when the app starts. */
const SANDBOX_ONLY = ['@faker-js/faker', 'fastify', 'bwip-js', 'csv-stringify', 'gifenc'];

// Inside the project (an ignored folder), so the chunks resolve their npm packages from it.
mkdirSync(join(ROOT, '.tsbuild'), { recursive: true });
const outDir = mkdtempSync(join(ROOT, '.tsbuild', 'main-bundle-'));
let meta: Metafile;
let start: LoadedGraph;
/** The chunk built for the sandbox's dynamic import (throws when there is none). */
const demoChunk = () => outputOf(meta, 'sandbox/server/start.ts');

beforeAll(async () => {
  meta = (await buildElectron(ROOT, { outDir })).mainMetafile;
  start = staticGraph(meta, outputOf(meta, 'electron/main/main.ts'));
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the main bundle', () => {
  it('loads no sandbox module at start', () => {
    expect(start.inputs.length).toBeGreaterThan(50);
    expect(start.inputs).toContain('electron/domains/connections/embedded-sandbox.ts');
    expect(start.inputs.filter((input) => input.startsWith('sandbox/'))).toEqual([]);
  });

  it('imports neither faker nor fastify (nor the other sandbox-only packages) at start', () => {
    expect(start.packages).toContain('electron');
    expect(start.packages.filter((name) => SANDBOX_ONLY.includes(name))).toEqual([]);
  });

  it('loads the HTTP client (undici, 140-170 ms to load) on demand, not at start', () => {
    expect(start.packages).not.toContain('undici');
    const imports = Object.values(meta.outputs).flatMap((output) => output.imports);
    expect(imports.filter((i) => i.path === 'undici').map((i) => i.kind)).toContain(
      'dynamic-import',
    );
  });

  it('keeps the sandbox in a chunk main.mjs imports only on demand', () => {
    const demo = staticGraph(meta, demoChunk());
    expect(demo.inputs).toContain('sandbox/server/start.ts');
    expect(demo.inputs.filter((input) => input.startsWith('sandbox/')).length).toBeGreaterThan(50);
    expect(demo.packages).toEqual(expect.arrayContaining(['@faker-js/faker', 'fastify']));
    const imports = meta.outputs[outputOf(meta, 'electron/main/main.ts')]?.imports ?? [];
    expect(imports.filter((i) => i.path === demoChunk()).map((i) => i.kind)).toEqual([
      'dynamic-import',
    ]);
    // What the start and the demo share (the OpenAPI document, the enums) is in the start's part.
    const shared = demo.outputs.filter((output) => start.outputs.includes(output));
    expect(demo.outputs.filter((o) => o !== demoChunk())).toEqual(shared);
  });

  it('the built sandbox chunk serves the API on its own', async () => {
    const chunk = pathToFileURL(resolve(ROOT, demoChunk())).href;
    const { startSandbox } = (await import(chunk)) as {
      startSandbox: (o: { port: number; keys: string[] }) => Promise<RunningSandbox>;
    };
    const sandbox = await startSandbox({ port: 0, keys: ['bundle-test-key'] });
    try {
      const response = await fetch(`${sandbox.url}/api/locations/`, {
        headers: { 'X-API-Key': 'bundle-test-key' },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });
});
