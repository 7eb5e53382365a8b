/**
 * What a spec file's tests share in one Playwright worker (`test.use({ consoleScope: 'file' })`
 * in console-fixture.ts): the console and, in the orders suites, its standalone sandbox. Each
 * is kept in a named slot under a key made of the spec file and the options it was started
 * with; a test asking for the same key gets the running one, a different key stops the old
 * one first, and a test of another file stops everything the previous file left. So at most
 * one file's processes run per worker, and the worker's teardown stops the last of them
 * (scripts/run-tests.ts fails a run that leaves a process behind).
 */

/** Something started once and stopped once. */
export interface Kept<T> {
  value: T;
  stop(): Promise<void>;
}

interface Entry {
  key: string;
  /** The start in progress or done; the slot's users all await the same one. */
  started: Promise<Kept<unknown>>;
}

export class FileShelf {
  private file: string | undefined;
  private readonly slots = new Map<string, Entry>();

  /**
   * The slot's running value for this file and key, or a new one from `start` (after the
   * slot's previous value, or every slot of another file, has been stopped).
   */
  async take<T>(file: string, slot: string, key: string, start: () => Promise<Kept<T>>) {
    if (this.file !== file) {
      await this.clear();
      this.file = file;
    }
    const held = this.slots.get(slot);
    if (held && held.key !== key) await this.drop(slot);
    let entry = this.slots.get(slot);
    if (!entry) {
      entry = { key, started: start() };
      this.slots.set(slot, entry);
      // A start that fails is not kept: the next test starts afresh.
      entry.started.catch(() => {
        if (this.slots.get(slot) === entry) this.slots.delete(slot);
      });
    }
    return ((await entry.started) as Kept<T>).value;
  }

  /** Whether the slot holds something started (or starting) for this file. */
  has(file: string, slot: string): boolean {
    return this.file === file && this.slots.has(slot);
  }

  /** Stops what one slot holds. */
  async drop(slot: string): Promise<void> {
    const entry = this.slots.get(slot);
    if (!entry) return;
    this.slots.delete(slot);
    const kept = await entry.started.catch(() => undefined);
    await kept?.stop();
  }

  /**
   * Stops everything kept: after a failed test (the next one must not inherit whatever went
   * wrong), when the worker moves to another file, and when the worker ends. Consoles before
   * sandboxes (the reverse of their start), so a console never outlives its API.
   */
  async clear(): Promise<void> {
    const slots = [...this.slots.keys()].reverse();
    for (const slot of slots) await this.drop(slot);
    this.file = undefined;
  }
}
