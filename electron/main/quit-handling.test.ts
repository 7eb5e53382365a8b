import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { closeWithin, installQuitHandler } from './quit-handling';

function fakeApp() {
  const emitter = new EventEmitter();
  const app = {
    on: (name: string, fn: (...args: unknown[]) => void) => emitter.on(name, fn),
    quit: vi.fn(() => {
      const event = { preventDefault: vi.fn() };
      emitter.emit('before-quit', event);
      return event;
    }),
    exit: vi.fn(),
  };
  return app;
}

describe('installQuitHandler', () => {
  it('holds the quit until the bridge (and its print queue) closed, then quits once', async () => {
    const app = fakeApp();
    let finish: () => void = () => {};
    const close = vi.fn(() => new Promise<void>((r) => (finish = r)));
    installQuitHandler(app as never, { close, log: vi.fn() });
    const first = app.quit();
    expect(first.preventDefault).toHaveBeenCalled();
    // A second quit while closing waits for the same close.
    app.quit();
    expect(close).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(3));
    const last = app.quit.mock.results[2]!.value as { preventDefault: ReturnType<typeof vi.fn> };
    expect(last.preventDefault).not.toHaveBeenCalled();
    expect(app.exit).not.toHaveBeenCalled();
  });

  it('exits anyway when the bridge hangs past the grace period', async () => {
    const app = fakeApp();
    const log = vi.fn();
    installQuitHandler(app as never, { close: () => new Promise(() => {}), log, graceMs: 20 });
    app.quit();
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('timed out'));
  });
});

describe('closeWithin', () => {
  it('reports a failure without rejecting', async () => {
    expect(await closeWithin(() => Promise.reject(new Error('x')), 100)).toBe('failed: Error: x');
    expect(await closeWithin(() => Promise.resolve(), 100)).toBe('closed');
  });
});
