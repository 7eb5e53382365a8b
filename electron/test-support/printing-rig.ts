/**
 * What the printing end-to-end tests share: a real bridge on a real sandbox (over HTTP), a
 * stand-in network label printer (a TCP listener keeping what each connection sent), a raw
 * CUPS queue of its own on the private scheduler, and reading what CUPS-PDF wrote.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BridgeMethod, ResultOf } from '@shared/contract/bridge-contract';
import type { BridgeError } from '@shared/contract/bridge-error';
import { expect } from 'vitest';
import { type PdfPage, pdfPages } from '../../sandbox/test/support/pdf-text';
import { cupsPdfOutput } from '../domains/printing/system/test-support/cups-pdf-output';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { type BridgeOptions, createBridge } from '../main/create-bridge';

const run = promisify(execFile);

export type Call = <M extends BridgeMethod>(method: M, args: unknown) => Promise<ResultOf<M>>;
export type Attempt = (
  method: BridgeMethod,
  args: unknown,
) => Promise<{ ok: true; value: unknown } | { ok: false; error: BridgeError }>;

export interface Rig {
  bridge: Bridge;
  call: Call;
  attempt: Attempt;
  dir: string;
  folder: string;
}

/** A bridge with its own config folder, connected to `sandbox` (or to the embedded one). */
export async function openRig(
  options: Partial<BridgeOptions> = {},
  sandbox?: { url: string; key: string },
): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-print-e2e-'));
  const folder = join(dir, 'printed');
  const bridge = await createBridge({
    configDir: dir,
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    ...options,
    printing: { retry: { maxAttempts: 2, delayMs: () => 50 }, ...options.printing },
  });
  const attempt: Attempt = (method, args) =>
    bridge.dispatcher.call(method, args) as ReturnType<Attempt>;
  const call: Call = async (method, args) => {
    const answer = await attempt(method, args);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.code}: ${answer.error.message}`);
    return answer.value as never;
  };
  if (sandbox) {
    const c = await call('connectionSave', { name: 'Test sandbox', baseUrl: sandbox.url });
    await call('keySet', { connectionId: c.id, apiKey: sandbox.key, storage: 'session' });
    await call('connectionSelect', { id: c.id });
  } else {
    const c = await call('sandboxStart', {});
    await call('connectionSelect', { id: c.id });
  }
  const { mkdirSync } = await import('node:fs');
  mkdirSync(folder);
  // The folder is chosen as the page would (an id for a subfolder of the config root).
  const chosen = await call('folderChoose', {
    purpose: 'print-folder',
    root: 'config',
    subfolder: 'printed',
  });
  await call('settingsUpdate', { patch: { printing: { folder: chosen.choiceId } } });
  return { bridge, call, attempt, dir, folder };
}

/** Waits until the job reaches one of `states`; returns it. */
export async function jobReaches(rig: Rig, jobId: string, states: string[]) {
  let job: ResultOf<'printJobsList'>['jobs'][number] | undefined;
  await expect
    .poll(
      async () => {
        job = (await rig.call('printJobsList', {})).jobs.find((j) => j.id === jobId);
        return job && states.includes(job.state) ? job.state : `not yet: ${job?.state}`;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toSatisfy((s: string) => states.includes(s));
  return job!;
}

/** A network label printer on loopback: each connection's bytes, in order. */
export class LabelPrinter {
  readonly received: Buffer[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  constructor(public port = 0) {}

  async start(): Promise<this> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => {
        this.received.push(Buffer.concat(chunks));
        socket.end();
      });
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.close();
    for (const s of this.sockets) s.destroy();
    await once(server, 'close');
  }
}

/** A raw queue on the private scheduler (CUPS_SERVER), feeding `socket://127.0.0.1:port`. */
export async function addRawQueue(name: string, port: number): Promise<void> {
  await run('lpadmin', ['-p', name, '-E', '-v', `socket://127.0.0.1:${port}`], {
    env: { ...process.env, LANG: 'C' },
  });
}

export async function removeQueue(name: string): Promise<void> {
  await run('cancel', ['-a', name]).catch(() => undefined);
  await run('lpadmin', ['-x', name]).catch(() => undefined);
}

/** The pages CUPS-PDF wrote for a CUPS job id like "Packbench-PDF-12", with their text. */
export function cupsPdfPages(pdfDir: string, cupsJobId: string): Promise<PdfPage[]> {
  return cupsPdfOutput(pdfDir, cupsJobId, pdfPages);
}
