/**
 * The process-wide guard (process-guard.ts) with the real dispatcher: an error that escapes a
 * handler's promise (here, as a stream's unhandled 'error' event or a timer's throw would: an
 * 'uncaughtException' raised inside the call's async context) ends that call with a typed
 * error, the log line names the method without the key, and the next call is served. An
 * error outside any call is logged and nothing else happens. The real process and a real
 * stream are covered end to end by e2e/kept-files-chaos.spec.ts.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from './dispatch/dispatch';
import { INTERNAL_MESSAGE } from './dispatch/dispatch-errors';
import { BridgeEvents } from './events';
import type { Handlers } from './handler-types';
import { installProcessGuard } from './process-guard';

const SECRET = 'pk_guard_secret_0123456789';

function setup(leak: (fake: EventEmitter) => void) {
  const fake = new EventEmitter();
  const logs: string[] = [];
  const uninstall = installProcessGuard({
    log: (line) => logs.push(line),
    secrets: () => [SECRET],
    process: fake as unknown as NodeJS.Process,
  });
  const handlers = {
    locationsGet: async () => ({ id: 1 }),
    // Never settles by itself: only the guard can answer it. The error escapes from a callback
    // a turn later (not from a timer: no clock in this test).
    locationsList: () =>
      new Promise(() => {
        setImmediate(() => leak(fake));
      }),
  } as unknown as Handlers;
  const dispatcher = createDispatcher({
    handlers,
    events: new BridgeEvents(),
    secrets: () => [SECRET],
    log: (line) => logs.push(line),
  });
  return { dispatcher, logs, fake, uninstall };
}

describe('the process guard', () => {
  it('answers the call an escaped error came from, logs it without the key, and serves on', async () => {
    const missing = Object.assign(new Error(`ENOENT: no such file, open '/x/${SECRET}.blob'`), {
      code: 'ENOENT',
    });
    const { dispatcher, logs, uninstall } = setup((fake) =>
      fake.emit('uncaughtException', missing),
    );
    const answer = await dispatcher.call('locationsList', {});
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } });
    expect(logs.some((l) => l.includes('during locationsList') && l.includes('ENOENT'))).toBe(true);
    expect(logs.join('\n')).not.toContain(SECRET);
    expect(await dispatcher.call('locationsGet', { id: 1 })).toEqual({
      ok: true,
      value: { id: 1 },
    });
    uninstall();
  });

  it('answers an unhandled rejection the same way', async () => {
    const { dispatcher, logs, uninstall } = setup((fake) =>
      fake.emit('unhandledRejection', new Error('a timer rejected')),
    );
    expect(await dispatcher.call('locationsList', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(logs.some((l) => l.includes('unhandled rejection'))).toBe(true);
    uninstall();
  });

  it('logs an error outside any call and stops listening once removed', () => {
    const { fake, logs, uninstall } = setup(() => {});
    fake.emit('uncaughtException', new Error(`outside ${SECRET}`));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('outside [redacted]');
    uninstall();
    expect(fake.listenerCount('uncaughtException')).toBe(0);
    expect(fake.listenerCount('unhandledRejection')).toBe(0);
  });
});
