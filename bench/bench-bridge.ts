/**
 * A real bridge for the printing benchmark, as the console composes it: its own config and
 * spool folders, connected to a sandbox over HTTP, Save to folder writing into a temp folder,
 * no CUPS (what is measured is the console, not a print scheduler). Job events are recorded
 * with their arrival time, so "spooled" and "sent" can be timed without polling.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryKeychain } from '../electron/kernel/settings/test-support/memory-keychain';
import { type BridgeOptions, createBridge } from '../electron/main/create-bridge';
import type { BridgeMethod, ResultOf } from '../shared/contract/bridge-contract';
import type { PrintJobView } from '../shared/contract/printing-values';

export interface BenchBridge {
  call<M extends BridgeMethod>(method: M, args: unknown): Promise<ResultOf<M>>;
  /** Resolves with the time (performance clock) the job was first seen in `state`. */
  reached(jobId: string, state: PrintJobView['state']): Promise<number>;
  /** The first time any job was seen queued at or after `since`. */
  firstQueuedSince(since: number): number | undefined;
  close(): Promise<void>;
}

export async function openBenchBridge(
  sandbox: { url: string; key: string },
  printing: { chunkSize?: number; window?: number } = {},
  /** The limiter and fetch to use (the stations bench compares limiters and counts requests). */
  api: Pick<BridgeOptions, 'limiter' | 'fetch'> = {},
): Promise<BenchBridge> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-print-bench-'));
  const folder = join(dir, 'printed');
  mkdirSync(folder);
  const bridge = await createBridge({
    configDir: dir,
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    ...api,
    printing: {
      spoolDir: join(dir, 'spool'),
      defaultFolder: folder,
      useCups: false,
      ...printing,
    },
  });

  // jobId → state → first time seen; waiters are woken as events arrive.
  const seen = new Map<string, Map<string, number>>();
  const queuedTimes: number[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = bridge.events.subscribe((event) => {
    if (event.type !== 'printJob' || event.change !== 'changed') return;
    const at = performance.now();
    const states = seen.get(event.job.id) ?? new Map<string, number>();
    seen.set(event.job.id, states);
    if (!states.has(event.job.state)) {
      states.set(event.job.state, at);
      if (event.job.state === 'queued') queuedTimes.push(at);
    }
    for (const wake of [...waiters]) wake();
  });

  const call = async <M extends BridgeMethod>(method: M, args: unknown) => {
    const answer = await bridge.dispatcher.call(method, args);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.code}: ${answer.error.message}`);
    return answer.value as ResultOf<M>;
  };

  const reached = (jobId: string, state: PrintJobView['state']) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const states = seen.get(jobId);
        const at = states?.get(state);
        if (at !== undefined) {
          waiters.delete(check);
          resolve(at);
        } else if (states?.has('failed') && state !== 'failed') {
          waiters.delete(check);
          reject(new Error(`Print job ${jobId} failed instead of reaching "${state}".`));
        }
      };
      waiters.add(check);
      check();
    });

  const c = await call('connectionSave', { name: 'Bench sandbox', baseUrl: sandbox.url });
  await call('keySet', { connectionId: c.id, apiKey: sandbox.key, storage: 'session' });
  await call('connectionSelect', { id: c.id });
  // Save to folder writes to `folder` (the default above); a settings folder is a choice's id.

  return {
    call,
    reached,
    firstQueuedSince: (since) => queuedTimes.find((t) => t >= since),
    close: async () => {
      unsubscribe();
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
