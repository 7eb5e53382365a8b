/**
 * The clean quit with the real bridge and print queue (only `app` is a stand-in): a label
 * being sent to a network label printer when the person quits is let finish, and the app quits
 * only then; a printer that never confirms cannot hold the app open, and its job is parked as
 * "may have printed" for the next start instead of being lost or printed twice.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrintJobView, PrintOutcome } from '@shared/contract/printing-values';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { createBridge } from './create-bridge';
import { installQuitHandler } from './quit-handling';

/** Electron's app as far as the quit handler uses it; quit() emits before-quit as Electron does. */
function fakeApp() {
  const emitter = new EventEmitter();
  const app = {
    on: (name: string, fn: (...args: unknown[]) => void) => emitter.on(name, fn),
    quit: vi.fn(() => {
      emitter.emit('before-quit', { preventDefault: vi.fn() });
    }),
    exit: vi.fn(),
  };
  return app;
}

/** A networked label printer that keeps each connection open until told to confirm. */
async function holdingPrinter() {
  let data = '';
  const sockets: Socket[] = [];
  // allowHalfOpen: Node would otherwise close our side as soon as the sender finished writing,
  // which is the confirmation this printer is to hold back.
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.push(socket);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received: () => data,
    /** The printer closes its side: for sendRaw, the label is through. */
    confirm: () => {
      for (const s of sockets) s.end();
    },
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openBridge(configDir: string, closeGraceMs: number): Promise<Bridge> {
  return createBridge({
    configDir,
    exportDir: configDir,
    transport: 'electron',
    keyStore: new MemoryKeychain(),
    printing: { useCups: false, closeGraceMs },
  });
}

async function call<T>(bridge: Bridge, method: string, args: unknown): Promise<T> {
  const result = await bridge.dispatcher.call(method, args);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}

/** A bridge with a network label printer, and a ZPL test label on its way to it. */
async function labelBeingSent(closeGraceMs: number) {
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-quit-'));
  const printer = await holdingPrinter();
  cleanups.push(async () => {
    await printer.close();
    await rm(configDir, { recursive: true, force: true });
  });
  const bridge = await openBridge(configDir, closeGraceMs);
  const printerId = `raw:127.0.0.1:${printer.port}`;
  await call(bridge, 'settingsUpdate', {
    patch: {
      printing: {
        networkPrinters: [{ name: 'Pack Zebra', host: '127.0.0.1', port: printer.port }],
      },
    },
  });
  const outcome = await call<PrintOutcome>(bridge, 'printTestPage', {
    kind: 'shipment_label_zpl',
    override: { printerId },
  });
  expect(outcome.jobs).toHaveLength(1);
  // Every byte is at the printer, which has not confirmed: the send is in progress.
  await vi.waitFor(() => expect(printer.received()).toMatch(/\^XZ\s*$/), { timeout: 10_000 });
  return { configDir, bridge, printer, jobId: outcome.jobs[0]!.id };
}

async function jobStateAfterRestart(configDir: string, jobId: string): Promise<string | undefined> {
  const bridge = await openBridge(configDir, 1000);
  try {
    const { jobs } = await call<{ jobs: PrintJobView[] }>(bridge, 'printJobsList', {});
    return jobs.find((j) => j.id === jobId)?.state;
  } finally {
    await bridge.close();
  }
}

describe('quitting while a label is being sent', () => {
  it('lets the send finish, then quits; the job is sent', async () => {
    const { configDir, bridge, printer, jobId } = await labelBeingSent(5000);
    const app = fakeApp();
    installQuitHandler(app as never, { close: () => bridge.close(), log: () => {} });

    app.quit();
    // Held: the bridge is waiting for the printer. Give the close a moment to be under way.
    await new Promise((r) => setImmediate(r));
    expect(app.quit).toHaveBeenCalledTimes(1);

    printer.confirm();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(app.exit).not.toHaveBeenCalled();
    expect(await jobStateAfterRestart(configDir, jobId)).toBe('sent');
  }, 30_000);

  it('a printer that never confirms cannot keep the app open; its job is parked', async () => {
    const { configDir, bridge, jobId } = await labelBeingSent(300);
    const app = fakeApp();
    installQuitHandler(app as never, { close: () => bridge.close(), log: () => {} });

    app.quit();
    // The queue's grace runs out, the send is aborted, the bridge closes and the app quits.
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(app.exit).not.toHaveBeenCalled();
    // Neither lost nor silently printed again: the person decides (reprint or done).
    expect(await jobStateAfterRestart(configDir, jobId)).toBe('may-have-printed');
  }, 30_000);
});
