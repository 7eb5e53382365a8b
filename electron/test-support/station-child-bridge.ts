/**
 * What a station child process (batch-resume-child.ts, floor-batch-station-child.ts) sets up
 * before it prints: a whole bridge on the parent's sandbox as the console composes it, every
 * job change and progress step as one JSON line on stdout (so the parent can kill it at a
 * chosen point), the connection selected with its key, and Save to folder as the print folder.
 */
import { join } from 'node:path';
import type { BridgeEvent } from '@shared/contract/values';
import { createBridge } from '../main/create-bridge';
import { StationKeychain } from './station-keychain';

export interface StationChild {
  bridge: Awaited<ReturnType<typeof createBridge>>;
  say(value: unknown): void;
  call<T>(method: string, args: unknown): Promise<T>;
  /** The print folder's choice id (a subfolder `printed` of the config folder). */
  folder: string;
  /** Resolves once no job of this run is queued or being sent. */
  idle(options?: { held?: boolean }): Promise<void>;
}

export async function startStationChild(o: {
  configDir: string;
  url: string;
  key: string;
  chunkSize: number;
  /** Told each event before it is said (a child may stop itself at one). */
  onEvent?: (event: BridgeEvent) => void;
}): Promise<StationChild> {
  const keyStore = await StationKeychain.open(join(o.configDir, 'test-keychain.json'));
  const bridge = await createBridge({
    configDir: o.configDir,
    exportDir: o.configDir,
    transport: 'browser',
    keyStore,
    printing: { chunkSize: o.chunkSize, window: 1, useCups: false },
  });
  const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  // Every job's last state, to know when this run's printing is over.
  const states = new Map<string, string>();
  let wake = () => {};
  bridge.events.subscribe((event) => {
    o.onEvent?.(event);
    if (event.type === 'printJob') {
      const { id, title, state } = event.job;
      states.set(id, state);
      wake();
      say({ ev: 'job', id, title, state });
    } else if (event.type === 'progress') {
      say({ ev: 'progress', ...event.progress });
    }
  });
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const answer = await bridge.dispatcher.call(method, args);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
    return answer.value as T;
  };
  // The connection and its key are kept from the last run (the key in the station's keychain,
  // station-keychain.ts); given again all the same, as the parent's sandbox may be new.
  const saved = await call<{ connections: { id: string; name: string }[] }>('connectionsList', {});
  const connection =
    saved.connections.find((c) => c.name === 'Sandbox') ??
    (await call<{ id: string }>('connectionSave', { name: 'Sandbox', baseUrl: o.url }));
  await call('keySet', { connectionId: connection.id, apiKey: o.key, storage: 'keychain' });
  await call('connectionSelect', { id: connection.id });
  // The folder is chosen as the page would (an id for a subfolder of the config root).
  const chosen = await call<{ choiceId: string }>('folderChoose', {
    purpose: 'print-folder',
    root: 'config',
    subfolder: 'printed',
  });
  // `held`: held jobs count as not done yet (a test that brings the floor back waits for
  // them to be sent or cancelled).
  const idle = async (options: { held?: boolean } = {}) => {
    for (const job of (await call<{ jobs: { id: string; state: string }[] }>('printJobsList', {}))
      .jobs) {
      if (!states.has(job.id)) states.set(job.id, job.state);
    }
    const waiting = new Set(['queued', 'sending', ...(options.held ? ['held'] : [])]);
    const busy = () => [...states.values()].some((s) => waiting.has(s));
    while (busy()) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { bridge, say, call, folder: chosen.choiceId, idle };
}
