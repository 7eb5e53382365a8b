/** The pre-check that keeps a silent D-Bus from freezing the main process. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { busTargets, checkSessionBus } from './session-bus-check';

const dir = await mkdtemp(join(tmpdir(), 'pb-bus-check-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function listen(name: string, onData: (reply: (text: string) => void) => void) {
  const path = join(dir, name);
  const server = createServer((socket) =>
    socket.on('data', () => onData((text) => socket.write(text))),
  );
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { path, close: () => server.close() };
}

describe('session bus check', () => {
  it('reads the addresses libdbus would try', () => {
    expect(
      busTargets({
        DBUS_SESSION_BUS_ADDRESS:
          'unix:path=/run/user/1000/bus,guid=abc;unix:abstract=/tmp/dbus-x;tcp:host=127.0.0.1,port=5555;launchd:env=X',
      }),
    ).toEqual([
      { path: '/run/user/1000/bus' },
      { path: '\0/tmp/dbus-x' },
      { host: '127.0.0.1', port: 5555 },
    ]);
    expect(busTargets({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/a%20b' })).toEqual([
      { path: '/tmp/a b' },
    ]);
    expect(busTargets({ XDG_RUNTIME_DIR: '/run/user/7' })).toEqual([{ path: '/run/user/7/bus' }]);
    expect(busTargets({})).toEqual([]);
  });

  it('a bus that replies to the handshake answers', async () => {
    const bus = await listen('talking', (reply) => reply('OK 1234abcd\r\n'));
    try {
      const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${bus.path}` };
      expect(await checkSessionBus(env, 1_000)).toBe('answers');
    } finally {
      bus.close();
    }
  });

  it('a bus that accepts and never replies is silent, within the time allowed', async () => {
    const bus = await listen('silent', () => undefined);
    try {
      const started = Date.now();
      const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${bus.path}` };
      expect(await checkSessionBus(env, 300)).toBe('silent');
      // No hang: well under the caller's own patience (loose, for slow shared machines).
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      bus.close();
    }
  });

  it('nothing listening is left to the library (it fails fast on its own)', async () => {
    const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'nobody')}` };
    expect(await checkSessionBus(env, 1_000)).toBe('answers');
  });

  it.skipIf(!process.env.DBUS_SESSION_BUS_ADDRESS)('the real session bus answers', async () => {
    expect(await checkSessionBus(process.env, 2_000)).toBe('answers');
  });
});
