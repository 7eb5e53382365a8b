/**
 * The files this bridge wrote in this run (exports), so that "Show file" and browser mode's
 * download reach only what the console itself made, never any path a page asks for.
 */
import path from 'node:path';

export class WrittenFiles {
  private readonly files = new Set<string>();

  add(file: string): void {
    this.files.add(path.resolve(file));
  }

  has(file: string): boolean {
    return this.files.has(path.resolve(file));
  }

  /** True for a folder holding a written file. */
  holds(folder: string): boolean {
    const dir = path.resolve(folder);
    for (const file of this.files) if (path.dirname(file) === dir) return true;
    return false;
  }
}
