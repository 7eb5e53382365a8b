/**
 * The no-keychain path with the real library, in child processes whose D-Bus leads nowhere:
 * the keychain says so quickly in plain words, a key asked to be saved is refused (never
 * written to the kernel keyring, which forgets on reboot), and "this run only" still works.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundleChild } from '../../test-support/bundled-child';
import { KEYCHAIN_TIMED_OUT, NO_SECRET_SERVICE } from './key-store';

const run = promisify(execFile);
// Four child starts: bundled once and run by plain Node instead of the tsx CLI at each start.
let child: BundledChild | undefined;
beforeAll(async () => {
  child = await bundleChild(join(import.meta.dirname, 'test-support', 'no-keychain-child.ts'));
});
afterAll(async () => {
  await child?.dispose();
});
const hasDbusRunSession = await run('sh', ['-c', 'command -v dbus-run-session']).then(
  () => true,
  () => false,
);

interface ChildResult {
  probe: { ok: boolean; problem?: string };
  probeMs: number;
  setError: { code: string; message: string } | null;
  setMs: number;
  afterKeychainSet: string;
  statusAfterKeychainSet: Record<string, unknown>;
  kernelKeyring: string;
  libraryDefault: string;
  sessionWorks: boolean;
  statusAfterSessionSet: Record<string, unknown>;
}

async function runChild(
  env: NodeJS.ProcessEnv,
  prefix: string[] = [],
  mode: string[] = [],
): Promise<{ result: ChildResult; stdout: string; key: string }> {
  const key = `pk_live_${randomUUID().replaceAll('-', '')}`;
  const account = `no-keychain-${randomUUID()}`;
  if (!child) throw new Error('the child script was not bundled');
  const [command, ...args] = [...prefix, process.execPath, child.file, account, key, ...mode];
  const { stdout } = await run(command!, args, { env, timeout: 20_000 });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`child printed no result: ${stdout}`);
  return { result: JSON.parse(line.slice('RESULT '.length)) as ChildResult, stdout, key };
}

function withoutSession(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides };
  // No X11 autolaunch of a bus either.
  delete env.DISPLAY;
  for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete env[name];
  return env;
}

function expectRefusedPlainly(
  { result, stdout, key }: Awaited<ReturnType<typeof runChild>>,
  problem = NO_SECRET_SERVICE,
) {
  expect(result.probe).toEqual({ ok: false, problem });
  // No hang: the probe gives up at 3 s (bounds loose for slow shared CI machines).
  expect(result.probeMs).toBeLessThan(3_000 + 3_000);
  expect(result.setError).toEqual({ code: 'keychain_unavailable', message: problem });
  // The answer is remembered: asking to save does not wait for the keychain again.
  expect(result.setMs).toBeLessThan(2_500);
  expect(result.afterKeychainSet).toBe('absent');
  expect(result.statusAfterKeychainSet).toEqual({
    hasKey: false,
    last4: null,
    storage: null,
    keychainAvailable: false,
    keychainProblem: problem,
  });
  // Not in the kernel keyring, whether the library may reach it here or not.
  expect(result.kernelKeyring).not.toBe('FOUND');
  expect(result.libraryDefault).not.toBe('FOUND');
  expect(result.sessionWorks).toBe(true);
  expect(result.statusAfterSessionSet).toMatchObject({
    hasKey: true,
    last4: key.slice(-4),
    storage: 'session',
    keychainAvailable: false,
  });
  expect(stdout).not.toContain(key);
}

describe('no keychain on this computer (real library, child process)', () => {
  it('D-Bus address leading nowhere: unavailable, refused, session works', async () => {
    expectRefusedPlainly(
      await runChild(withoutSession({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' })),
    );
  });

  it('no D-Bus at all: the same', async () => {
    expectRefusedPlainly(await runChild(withoutSession({ DBUS_SESSION_BUS_ADDRESS: undefined })));
  });

  it.skipIf(!hasDbusRunSession)(
    'a D-Bus session with no unlocked keyring behind it: the same',
    async () => {
      // D-Bus may start gnome-keyring on demand; fresh folders keep it away from real ones.
      const data = await mkdtemp(join(tmpdir(), 'pb-nokeyring-data-'));
      const runtime = await mkdtemp(join(tmpdir(), 'pb-nokeyring-run-'));
      try {
        const env = withoutSession({
          DBUS_SESSION_BUS_ADDRESS: undefined,
          XDG_DATA_HOME: data,
          XDG_RUNTIME_DIR: runtime,
        });
        expectRefusedPlainly(await runChild(env, ['dbus-run-session', '--']));
      } finally {
        await rm(data, { recursive: true, force: true });
        await rm(runtime, { recursive: true, force: true });
      }
    },
  );

  it('a D-Bus that accepts the connection and never answers: no hang, unavailable in ~3 s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pb-hanging-bus-'));
    const socket = join(dir, 'bus');
    const silent = createServer((connection) => connection.on('data', () => undefined));
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    try {
      const started = Date.now();
      const outcome = await runChild(
        withoutSession({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` }),
        [],
        ['hanging-bus'],
      );
      expectRefusedPlainly(outcome, KEYCHAIN_TIMED_OUT);
      expect(outcome.result.probeMs).toBeGreaterThanOrEqual(2_900);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      silent.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
