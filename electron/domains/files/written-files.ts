/**
 * The files this bridge wrote in this run (exports), by the id it gave each: "Show file",
 * browser mode's download and its download link reach only what the console itself made, and
 * the renderer names a file by that id, never by a path (issue 31).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A session writes a few hundred files at most; the oldest ids are forgotten past this. */
const MAX_FILES = 5000;

export class WrittenFiles {
  private readonly files = new Map<string, string>();

  /** Records a file the console wrote and returns its id (the same id for the same file). */
  add(file: string): string {
    const resolved = path.resolve(file);
    for (const [id, known] of this.files) if (known === resolved) return id;
    const id = `file-${randomBytes(18).toString('base64url')}`;
    this.files.set(id, resolved);
    while (this.files.size > MAX_FILES) this.files.delete(this.files.keys().next().value as string);
    return id;
  }

  /** The path behind an id; undefined for an id this process never gave out. */
  path(id: string): string | undefined {
    return this.files.get(id);
  }
}
