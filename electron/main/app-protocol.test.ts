import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  handleAppProtocol,
  registerAppScheme,
  resolveAppFile,
  serveAppRequest,
} from './app-protocol';
import { APP_CSP } from './csp';

let root: string;

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'packbench-app-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Packbench</title>');
  await writeFile(join(root, 'assets', 'index.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'index.js.map'), '{}');
  await writeFile(join(root, '.env'), 'SECRET=1');
  await writeFile(join(base, 'outside.html'), 'outside');
});

afterAll(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

describe('resolveAppFile', () => {
  it('maps app://packbench paths into the renderer folder', () => {
    expect(resolveAppFile(root, 'app://packbench/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://packbench/index.html?x#/orders')).toBe(
      join(root, 'index.html'),
    );
    expect(resolveAppFile(root, 'app://packbench/assets/index.js')).toBe(
      join(root, 'assets', 'index.js'),
    );
  });

  it('resolves dot segments as a URL does: never above the renderer folder', () => {
    expect(resolveAppFile(root, 'app://packbench/../outside.html')).toBe(
      join(root, 'outside.html'),
    );
    expect(resolveAppFile(root, 'app://packbench/%2e%2e/outside.html')).toBe(
      join(root, 'outside.html'),
    );
  });

  it.each([
    'app://packbench/assets/%2e%2e%2f%2e%2e%2foutside.html',
    'app://packbench/..%5coutside.html',
    'app://packbench/.env',
    'app://packbench/assets/index.js.map',
    'app://packbench/index.html%00.js',
    'app://packbench/%E0%A4%A',
    'app://other/index.html',
    'https://packbench/index.html',
    'file:///etc/passwd',
    'app://packbench/package.bin',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });
});

describe('serveAppRequest', () => {
  it('serves the page with the CSP and its type', async () => {
    const response = await serveAppRequest(root, { url: 'app://packbench/', method: 'GET' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Packbench</title>');
  });

  it('answers 404 with the CSP for what it does not serve', async () => {
    for (const url of ['app://packbench/missing.js', 'app://packbench/../outside.html']) {
      const response = await serveAppRequest(root, { url, method: 'GET' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await serveAppRequest(root, { url: 'app://packbench/', method: 'POST' });
    expect(response.status).toBe(405);
    const head = await serveAppRequest(root, { url: 'app://packbench/', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('Electron wiring', () => {
  it('registers app: as a standard, secure scheme', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
  });

  it('handles app: with the file server', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const protocol = {
      handle: (scheme: string, fn: typeof handler) => {
        if (scheme === 'app') handler = fn;
      },
    };
    handleAppProtocol(protocol as never, root);
    const response = await handler!(new Request('app://packbench/assets/index.js'));
    expect(response.headers.get('content-type')).toContain('text/javascript');
  });
});
