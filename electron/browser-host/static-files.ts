/**
 * Serves the built renderer from one folder. Request paths are decoded once, refused if they
 * hold anything a file name in a Vite build never does (backslashes, NUL, dot segments), then
 * resolved and required to stay inside the folder, symlinks included. No directory listings:
 * a folder is a 404.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { refuse } from './security-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Packbench</title></head>
<body>
<main>
<h1>Packbench</h1>
<p>The renderer is not built: run <code>npm run build:renderer</code>, then reload this page.</p>
</main>
</body>
</html>
`;

/**
 * Maps a URL pathname to a path relative to the renderer folder, or null when it cannot name
 * a file there.
 */
export function safeRelativePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/')) return null;
  if (/[\\\0]/.test(decoded)) return null;
  const segments = decoded.slice(1).split('/');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const relative = segments.join('/');
  return relative === '' ? 'index.html' : relative;
}

export class StaticFiles {
  private readonly root: string;

  constructor(rendererDir: string) {
    this.root = resolve(rendererDir);
  }

  async serve(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    const relative = safeRelativePath(pathname);
    if (relative === null) return refuse(response, 404, 'Not found.');
    const file = await this.locate(relative);
    if (file === null) {
      if (relative === 'index.html') return this.sendNotBuilt(request, response);
      return refuse(response, 404, 'Not found.');
    }
    const isHtml = extname(file.path) === '.html';
    response.statusCode = 200;
    response.setHeader(
      'Content-Type',
      CONTENT_TYPES[extname(file.path)] ?? 'application/octet-stream',
    );
    response.setHeader('Content-Length', file.size);
    // index.html names this build's hashed assets, so it must never be reused; the hashed
    // assets themselves never change under their names.
    response.setHeader(
      'Cache-Control',
      isHtml
        ? 'no-store'
        : relative.startsWith('assets/')
          ? 'max-age=31536000, immutable'
          : 'no-cache',
    );
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(file.path);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }

  /** The file's real path and size, or null when it is missing, a folder, or outside root. */
  private async locate(relative: string): Promise<{ path: string; size: number } | null> {
    const root = await this.resolveRoot();
    if (root === null) return null;
    const candidate = resolve(root, relative);
    if (!candidate.startsWith(root + sep)) return null;
    try {
      // A symlink inside the folder must not lead out of it.
      const real = await realpath(candidate);
      if (!real.startsWith(root + sep)) return null;
      const info = await stat(real);
      return info.isFile() ? { path: real, size: info.size } : null;
    } catch {
      return null;
    }
  }

  private async resolveRoot(): Promise<string | null> {
    // Resolved on every request (it is cheap), so a build made while the host runs, or a
    // folder replaced by a rebuild, is picked up without a restart.
    return realpath(this.root).catch(() => null);
  }

  private sendNotBuilt(request: IncomingMessage, response: ServerResponse): void {
    response.statusCode = 200;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(NOT_BUILT_PAGE));
    response.setHeader('Cache-Control', 'no-store');
    response.end(request.method === 'HEAD' ? undefined : NOT_BUILT_PAGE);
  }
}
