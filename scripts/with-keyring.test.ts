/**
 * scripts/with-keyring.sh, which every `npm test` runs inside, for real: a keyring daemon
 * killed mid-run (SIGKILL here; a glib trap in last night's run) is restarted unlocked by the
 * script's supervisor, so the keychain keeps working, with what it held before; the private bus
 * activates nothing, so no locked daemon can take the name in its place; the command's exit code
 * comes out and nothing is left running. Each case runs the script inside itself, on a bus and
 * keyring of its own: the run's shared daemon is never touched.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundleChild } from '../electron/test-support/bundled-child';
import { processesWithVariable } from '../electron/test-support/process-tree';

const ROOT = resolve(import.meta.dirname, '..');
const WITH_KEYRING = join(ROOT, 'scripts', 'with-keyring.sh');
/** Every process a case starts carries it, so what outlives the script can be found. */
const MARKER = 'PACKBENCH_WITH_KEYRING_TEST';

/** A program on PATH, as `command -v` finds it. */
function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = ['dbus-run-session', 'gnome-keyring-daemon', 'dbus-send'].filter((t) => !onPath(t));
const required = process.env.PACKBENCH_REQUIRE_KEYRING === '1';
const why =
  process.platform !== 'linux'
    ? 'the Secret Service is for Linux'
    : missing.length > 0
      ? `${missing.join(', ')} missing (scripts/system-deps.sh installs them)`
      : '';
const skip = why !== '' && !required;
const title = skip ? `with-keyring.sh (skipped: ${why})` : 'with-keyring.sh';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  marker: string;
}

/** Runs `command` to its end with a fresh marker; resolves with its exit code and output. */
function runWrapped(command: string, args: string[]): Promise<Finished> {
  const marker = randomUUID();
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, [MARKER]: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr, marker }));
  });
}

/** The processes a case started that are still alive (dbus-daemon ends a moment after). */
function leftovers(run: Finished): string[] {
  return processesWithVariable(MARKER, run.marker).map((p) => `${p.pid} ${p.command}`);
}

interface ChildResult {
  setBefore: string;
  readBefore: string;
  killed: number | null;
  owner: { pid: number; tries: number } | null;
  readKept: string;
  setAfter: string;
  readAfter: string;
}

let child: BundledChild | undefined;
beforeAll(async () => {
  if (skip) return;
  child = await bundleChild(join(import.meta.dirname, 'test-support', 'keyring-restart-child.ts'));
});
afterAll(async () => {
  await child?.dispose();
});

describe(title, () => {
  it.skipIf(skip)(
    'finds its tools (missing ones fail here under PACKBENCH_REQUIRE_KEYRING=1)',
    () => {
      expect(why, 'keyring tools needed by PACKBENCH_REQUIRE_KEYRING=1').toBe('');
    },
  );

  it.skipIf(skip)(
    'restarts a daemon killed with SIGKILL, unlocked: the key kept before is read, new ones are kept',
    async () => {
      if (!child) throw new Error('the child script was not bundled');
      const run = await runWrapped('bash', [WITH_KEYRING, process.execPath, child.file]);
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      expect(line, `no RESULT line; stderr:\n${run.stderr}`).toBeDefined();
      const result = JSON.parse(line!.slice('RESULT '.length)) as ChildResult;

      expect(result.setBefore).toBe('ok');
      expect(result.readBefore).toBe('ok');
      expect(result.killed).toBeGreaterThan(0);
      // Without the supervisor no one owns the name again (or, with D-Bus activation, a locked
      // daemon does, and the reads below fail): this is where such a run fails first.
      expect(result.owner, `no daemon came back; stderr:\n${run.stderr}`).not.toBeNull();
      expect(result.owner!.pid).not.toBe(result.killed);
      expect(result.readKept).toBe('ok');
      expect(result.setAfter).toBe('ok');
      expect(result.readAfter).toBe('ok');

      // One line says so, naming the new daemon.
      const restarts = run.stderr.split('\n').filter((l) => /^with-keyring: .*restarted/.test(l));
      expect(restarts).toHaveLength(1);
      expect(restarts[0]).toContain(`as pid ${result.owner!.pid} `);
      expect(run.code).toBe(0);
      await expect.poll(() => leftovers(run)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'passes the exit code on, activates nothing on its bus, and leaves nothing running',
    async () => {
      const listActivatable =
        'dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus ' +
        'org.freedesktop.DBus.ListActivatableNames';
      const run = await runWrapped('bash', [
        WITH_KEYRING,
        'sh',
        '-c',
        `${listActivatable}; exit 7`,
      ]);
      expect(run.code, run.stderr).toBe(7);
      // The bus itself is the only name it could start: never a (locked) keyring daemon.
      const names = [...run.stdout.matchAll(/string "([^"]+)"/g)].map((m) => m[1]);
      expect(names).toEqual(['org.freedesktop.DBus']);
      expect(run.stderr).not.toMatch(/restarted/);
      await expect.poll(() => leftovers(run)).toEqual([]);
    },
  );
});
