/**
 * Printed marks through the composed bridge (the embedded sandbox, Save to folder): labels
 * and a packing slip printed for some orders mark exactly those orders, each kind apart, with
 * the printer and the job; an order without a label gets no labels mark; the marks survive a
 * restart of the console.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeMethod } from '@shared/contract/bridge-contract';
import type { PrintedMark } from '@shared/contract/printing-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../../../kernel/settings/test-support/memory-keychain';
import { createBridge } from '../../../main/create-bridge';

const dir = mkdtempSync(join(tmpdir(), 'packbench-marks-'));
let bridge: Bridge;
const open = () =>
  createBridge({
    configDir: join(dir, 'config'),
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    printing: { defaultFolder: join(dir, 'printed') },
  });
const call = async (method: BridgeMethod, args: unknown = {}) => {
  const r = await bridge.dispatcher.call(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read results loosely.
  return r.value as any;
};
const marks = async (ids: number[]): Promise<PrintedMark[]> =>
  (await call('printedMarksList', { orderIds: ids })).marks;

beforeAll(async () => {
  bridge = await open();
  await call('sandboxStart');
  await call('settingsUpdate', {
    patch: {
      printing: {
        routes: {
          shipping_label: { printerId: 'save-to-folder' },
          packing_slip: { printerId: 'save-to-folder' },
        },
      },
    },
  });
});
afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('printed marks', () => {
  it('mark exactly the orders printed, per kind, with printer and job; kept after a restart', async () => {
    const labelled = (await call('ordersList', { filters: { stage: 'labels' }, pageSize: 3 }))
      .results as { id: number }[];
    const open_ = (await call('ordersList', { filters: { stage: 'open' }, pageSize: 1 }))
      .results as { id: number }[];
    const ids = labelled.map((o) => o.id);
    const unlabelled = open_[0]!.id;
    expect(await marks([...ids, unlabelled])).toEqual([]);

    const labels = await call('printOrderLabels', { orderIds: [...ids.slice(0, 2), unlabelled] });
    expect(labels.jobs.length).toBeGreaterThan(0);
    await call('printOrderDocuments', { orderIds: [ids[0]], kinds: ['packing_slip'] });

    const after = await marks([...ids, unlabelled]);
    const key = (m: PrintedMark) => `${m.orderId}/${m.what}`;
    expect(after.map(key).sort()).toEqual(
      [`${ids[0]}/labels`, `${ids[0]}/documents`, `${ids[1]}/labels`].sort(),
    );
    for (const m of after) {
      expect(m.printer).toBe('Save to folder');
      expect(m.jobId.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(m.at))).toBe(false);
    }

    await bridge.close();
    bridge = await open();
    await call('sandboxStart');
    expect((await marks(ids)).map(key).sort()).toEqual(after.map(key).sort());
  });
});
