/**
 * Browser mode's download links: "Download" after an export or a Save-to-folder job gives the
 * person the file through a plain link the browser saves where they choose (no 64 MB base64
 * hand-over). A link is `/files/<id>`: the id is random, made for one file, good once and for
 * a few minutes, so a link that leaks (history, a log) opens nothing later. The host serves
 * only what this registry hands it (start-browser-host.ts); the bridge fills it with files it
 * wrote (written-files.ts) or a Save-to-folder job's own file.
 */
import { randomBytes } from 'node:crypto';

export interface DownloadTarget {
  path: string;
  fileName: string;
  contentType: string;
}

/** What the browser host asks: the file behind a link id, once. */
export interface DownloadSource {
  take(id: string): DownloadTarget | undefined;
}

export const LINK_TTL_MS = 5 * 60_000;
const MAX_LINKS = 200;
const LINK_ID = /^[A-Za-z0-9_-]{32}$/;

export class DownloadLinks implements DownloadSource {
  readonly #links = new Map<string, DownloadTarget & { expires: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A new one-time address for `target`, relative to the console's page. */
  issue(target: DownloadTarget): string {
    const id = randomBytes(24).toString('base64url');
    this.#links.set(id, { ...target, expires: this.#now() + LINK_TTL_MS });
    while (this.#links.size > MAX_LINKS) {
      this.#links.delete(this.#links.keys().next().value as string);
    }
    return `/files/${id}`;
  }

  take(id: string): DownloadTarget | undefined {
    if (!LINK_ID.test(id)) return undefined;
    const link = this.#links.get(id);
    this.#links.delete(id);
    if (!link || link.expires < this.#now()) return undefined;
    return { path: link.path, fileName: link.fileName, contentType: link.contentType };
  }
}
