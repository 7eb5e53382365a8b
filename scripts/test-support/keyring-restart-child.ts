/**
 * Run by scripts/with-keyring.test.ts inside scripts/with-keyring.sh: keeps a key through the
 * project's Secret Service store, kills the keyring daemon with SIGKILL (as last night's glib
 * crash did), waits for org.freedesktop.secrets to have a new owner, then reads the key kept
 * before and keeps and reads a new one. Prints one RESULT line of JSON: outcomes, never keys.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { promisify } from 'node:util';
import { BridgeFailure } from '../../electron/kernel/failure';
import { SecretServiceKeyStore } from '../../electron/kernel/settings/secret-service-key-store';

const run = promisify(execFile);

/**
 * The owner is asked for this many times, OWNER_PAUSE_MS apart (about 10 s in all), before the
 * daemon counts as never back. A restart takes a few ms; the bound only ends a failing run.
 */
const OWNER_TRIES = 200;
const OWNER_PAUSE_MS = 50;

/** The process that owns org.freedesktop.secrets on the session bus now, if any. */
async function secretsOwnerPid(): Promise<number | undefined> {
  try {
    const { stdout } = await run('dbus-send', [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.GetConnectionUnixProcessID',
      'string:org.freedesktop.secrets',
    ]);
    const pid = /uint32 (\d+)/.exec(stdout)?.[1];
    return pid === undefined ? undefined : Number(pid);
  } catch {
    return undefined; // NameHasNoOwner: no daemon right now
  }
}

/** Polls the owner until it is a process other than `gone`; undefined once the tries run out. */
async function nextOwner(gone: number): Promise<{ pid: number; tries: number } | undefined> {
  for (let tries = 1; tries <= OWNER_TRIES; tries += 1) {
    const pid = await secretsOwnerPid();
    if (pid !== undefined && pid !== gone) return { pid, tries };
    await pause(OWNER_PAUSE_MS);
  }
  return undefined;
}

/** What a store call did, in words fit for the output: the store's errors are fixed sentences. */
async function outcome<T>(call: () => Promise<T>, expected: T): Promise<string> {
  try {
    const value = await call();
    return value === expected ? 'ok' : value === undefined ? 'absent' : 'other value';
  } catch (error) {
    return error instanceof BridgeFailure
      ? `${error.error.code}: ${error.error.message}`
      : 'thrown (not a BridgeFailure)';
  }
}

const store = new SecretServiceKeyStore();
const before = `restart-before-${randomUUID()}`;
const after = `restart-after-${randomUUID()}`;
const keyBefore = `pk_before_${randomUUID().replaceAll('-', '')}`;
const keyAfter = `pk_after_${randomUUID().replaceAll('-', '')}`;

const setBefore = await outcome(() => store.set(before, keyBefore), undefined);
const readBefore = await outcome(() => store.get(before), keyBefore);
const killed = await secretsOwnerPid();
if (killed !== undefined) process.kill(killed, 'SIGKILL');
const owner = killed === undefined ? undefined : await nextOwner(killed);
const readKept = await outcome(() => store.get(before), keyBefore);
const setAfter = await outcome(() => store.set(after, keyAfter), undefined);
const readAfter = await outcome(() => store.get(after), keyAfter);

console.log(
  `RESULT ${JSON.stringify({
    setBefore,
    readBefore,
    killed: killed ?? null,
    owner: owner ?? null,
    readKept,
    setAfter,
    readAfter,
  })}`,
);
