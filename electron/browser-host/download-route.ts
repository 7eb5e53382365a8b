/**
 * `GET /files/<one-time id>`: browser mode's download of a file the console wrote (an export,
 * a Save-to-folder job). A plain link cannot carry the session's bearer token, so the id is the
 * capability: random, made by the bridge for one file on the person's request, good once and
 * for a few minutes (kernel/dispatch/download-links.ts). The file is opened without following a
 * symlink and must be a regular file; it is sent as an attachment, never shown in the page.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { DownloadSource } from '../kernel/dispatch/download-links';
import { refuse } from './security-headers';

export const DOWNLOAD_PREFIX = '/files/';

/** `attachment; filename="x.csv"; filename*=UTF-8''x.csv` with only safe characters quoted. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function handleDownload(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  downloads: DownloadSource | undefined,
): Promise<void> {
  if (request.method !== 'GET')
    return refuse(response, 405, 'Method not allowed.', { Allow: 'GET' });
  const target = downloads?.take(pathname.slice(DOWNLOAD_PREFIX.length));
  if (!target) {
    return refuse(response, 404, 'This download link has expired or was used; ask for it again.');
  }
  const handle = await open(target.path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    () => undefined,
  );
  if (!handle) return refuse(response, 404, 'That file is no longer there.');
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return refuse(response, 404, 'That file is no longer there.');
  }
  response.statusCode = 200;
  response.setHeader('Content-Type', target.contentType);
  response.setHeader('Content-Length', String(info.size));
  response.setHeader('Content-Disposition', attachmentHeader(target.fileName));
  response.setHeader('Cache-Control', 'no-store');
  // The stream owns the handle from here and closes it when done (or when the socket goes).
  await pipeline(handle.createReadStream({ autoClose: true }), response).catch(() => {
    response.destroy();
  });
}
