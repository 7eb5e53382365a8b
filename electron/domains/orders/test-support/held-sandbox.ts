/**
 * The once-only create suites' rig, shared instead of pasted: a sandbox over real HTTP on a
 * dataset of the file's own seed, behind a HoldingProxy that does to creates what the fault
 * campaign did. Started in the file's beforeAll (when its tests run), closed in its afterAll;
 * hooks run as a stack, so a file's own afterAll (consoles, children) runs before this one.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildDataset } from '../../../../sandbox/data/dataset';
import type { Dataset } from '../../../../sandbox/data/types';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { HoldingProxy } from '../../../kernel/test-support/holding-proxy';
import { storedOrderIds } from './created-orders';

export interface HeldSandbox {
  /** The proxy in front of the sandbox: its url is the API's base URL for the consoles. */
  readonly proxy: HoldingProxy;
  /** The sandbox's own dataset, read directly: what the server stored, not what it answered. */
  readonly dataset: Dataset;
  /** The ids of the stored orders carrying the create reference `reference`. */
  storedWith(reference: string): number[];
}

export interface HeldSandboxOptions {
  /** The API key the sandbox accepts. */
  key: string;
  /** The dataset's seed (each file its own, so files never share orders). */
  seed: number;
  /** False: the file's tests skip (no PostgreSQL), so nothing is started. */
  run?: boolean;
  /** Forget held creates, the plan and lookup faults after each test, so none leaks on. */
  resetAfterEach?: boolean;
}

export function heldSandboxForFile(options: HeldSandboxOptions): HeldSandbox {
  let sandbox: RunningSandbox | undefined;
  let dataset: Dataset | undefined;
  let proxy: HoldingProxy | undefined;
  beforeAll(async () => {
    if (options.run === false) return;
    dataset = buildDataset({ seed: options.seed, scale: 0.02, now: new Date() });
    sandbox = await startSandbox({ port: 0, keys: [options.key], rate: 0, dataset });
    proxy = await new HoldingProxy(sandbox.url).start();
  });
  if (options.resetAfterEach) afterEach(() => proxy?.reset());
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the sandbox starts in beforeAll');
    return value;
  };
  return {
    get proxy() {
      return started(proxy);
    },
    get dataset() {
      return started(dataset);
    },
    storedWith: (reference) => storedOrderIds(started(dataset), reference),
  };
}

/** A draft as a person fills it in, named after its reference so each test's is its own. */
export const floorDraft = (reference: string) => ({
  recipient_name: `Floor ${reference.slice(0, 8)}`,
  address1: '3 Dock Road',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'GB',
});
