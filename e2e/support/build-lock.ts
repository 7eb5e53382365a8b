/**
 * One build at a time across runs on this machine: a lock folder (.tsbuild/locks/<name>) made
 * with mkdir, which either creates it or fails, atomically, holding the owner's pid. A run that
 * finds it held waits until it is gone (checking every 200 ms; a build takes seconds), and
 * takes it over when its owner has died without letting go (a run killed mid-build).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const CHECK_EVERY_MS = 200;
/** A hang guard, far past any build: a lock held this long by a live process is an error. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

/** Whether process `pid` runs (signal 0 checks without sending; EPERM: alive, someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(lock: string): Promise<number | undefined> {
  const text = await readFile(join(lock, 'pid'), 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function take(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await writeFile(join(lock, 'pid'), String(process.pid));
  return true;
}

export async function withBuildLock<T>(
  root: string,
  name: string,
  body: () => Promise<T>,
): Promise<T> {
  const locks = join(root, '.tsbuild', 'locks');
  await mkdir(locks, { recursive: true });
  const lock = join(locks, name);
  const started = Date.now();
  let unknownOwnerSeen = false;
  while (!(await take(lock))) {
    const owner = await ownerOf(lock);
    // No pid yet: its owner is between mkdir and writeFile; a second look without one means
    // the owner died in between.
    const dead = owner === undefined ? unknownOwnerSeen : !isAlive(owner);
    unknownOwnerSeen = owner === undefined;
    if (dead) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - started > GIVE_UP_AFTER_MS) {
      throw new Error(`The ${name} build lock (${lock}) is still held by process ${owner}.`);
    }
    await new Promise((done) => setTimeout(done, CHECK_EVERY_MS));
  }
  try {
    return await body();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
