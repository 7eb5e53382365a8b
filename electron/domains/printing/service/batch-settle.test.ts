/**
 * Settling a floor batch's "may have printed" orders, without a database (the real floor and
 * station processes: floor/work/batches/floor-batch-rest.pg.test.ts): the floor away is said in
 * words and nothing is marked or printed; "They printed" answers with the orders by name and
 * where their paper is; a station's own batch is listed with what other stations reached since.
 */
import type { BatchOrder, InterruptedBatch } from '@shared/contract/printing-values';
import { describe, expect, it } from 'vitest';
import { isBridgeFailure } from '../../../kernel/failure';
import type { CallContext } from '../../../kernel/handler-types';
import type { BatchJournal } from './batch-journal';
import { type SettleParts, settleMayHavePrinted } from './batch-settle';
import { type SharedBatch, type SharedBatches, withFloorReached } from './shared-batches';

const orders: BatchOrder[] = Array.from({ length: 10 }, (_, i) => ({
  id: 100 + i,
  name: `#${1100 + i}`,
}));
const listedBatch: InterruptedBatch = {
  id: 'b-1',
  title: '10 orders: #1100 … #1109',
  what: 'labels',
  createdAt: '2026-11-28T07:00:00.000Z',
  updatedAt: '2026-11-28T07:02:00.000Z',
  state: 'interrupted',
  reason: 'Packbench stopped (closed, killed or crashed) before printing these.',
  selected: 10,
  queued: 4,
  skipped: 0,
  skippedOrders: [],
  notReached: orders.slice(4),
};
const ctx = {} as CallContext;
const journal = { isActive: () => false, get: () => undefined } as unknown as BatchJournal;

function parts(shared: SharedBatches | null, listed: InterruptedBatch[]) {
  const printed: BatchOrder[][] = [];
  const p: SettleParts = {
    journal: async () => journal,
    shared: async () => shared,
    jobs: () => [],
    listed: async () => ({ batches: listed }),
    printHere: async (_j, _id, _ctx, _taken, these) => {
      printed.push(these);
      return { jobs: [], skipped: [] };
    },
  };
  return { p, printed };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isBridgeFailure(error)) throw new Error(`expected a refusal in words, got ${error}`);
  return error.error;
}

describe('printBatchSettle', () => {
  it('the floor away: said in words, nothing marked or printed, the orders stay listed', async () => {
    const { p, printed } = parts(null, [listedBatch]);
    for (const mayHavePrinted of ['printed', 'print'] as const) {
      const error = await refusal(
        settleMayHavePrinted(p, { batchId: 'b-1', orderIds: [104], mayHavePrinted }, ctx),
      );
      expect(error.code).toBe('network');
      expect(error.message).toBe(
        `This station cannot reach the floor now, so nothing was ${mayHavePrinted === 'printed' ? 'marked' : 'printed'}. The orders stay listed: try again when the floor is back.`,
      );
    }
    expect(printed).toEqual([]);
    expect((await p.listed()).batches).toEqual([listedBatch]);
  });

  it('a batch this station does not know, and no floor: refused in words', async () => {
    const { p } = parts(null, []);
    await expect(
      settleMayHavePrinted(p, { batchId: 'b-9', orderIds: [1], mayHavePrinted: 'printed' }, ctx),
    ).rejects.toThrow(/^Those orders are no longer waiting to be checked/);
  });

  it('"They printed": the orders by name, where their paper is, and whether the batch closed', async () => {
    const asked: unknown[] = [];
    const shared = {
      settlePrinted: async (batchId: string, ids: number[]) => {
        asked.push([batchId, ids]);
        return {
          settled: [
            { id: 104, name: '#1104', station: 'Office desk' },
            { id: 105, name: '#1105', station: 'Office desk' },
          ],
          closed: true,
        };
      },
    } as unknown as SharedBatches;
    const { p, printed } = parts(shared, []);
    const answer = await settleMayHavePrinted(
      p,
      { batchId: 'b-1', orderIds: [104, 105, 104], mayHavePrinted: 'printed' },
      ctx,
    );
    expect(asked).toEqual([['b-1', [104, 105]]]);
    expect(answer).toEqual({
      batches: [],
      marked: [{ station: 'Office desk', orders: [orders[4], orders[5]] }],
      closed: true,
    });
    expect(printed).toEqual([]);
  });
});

describe("a station's own batch, as the floor knows it", () => {
  const floor = (reached: SharedBatch['reached']): SharedBatch => ({
    id: 'b-1',
    title: listedBatch.title,
    what: 'labels',
    orders,
    reached,
    state: 'running',
    reason: null,
    station: 'Office desk',
    startedBy: 'Ana',
    createdAt: listedBatch.createdAt,
    updatedAt: listedBatch.updatedAt,
  });

  it('is not listed once other stations printed its rest', () => {
    const all = orders.map((o) => ({ id: o.id, outcome: 'queued' as const }));
    expect(withFloorReached(listedBatch, floor(all))).toBeNull();
  });

  it('lists what another station may have printed as orders to check there, not to print', () => {
    const merged = withFloorReached(
      listedBatch,
      floor([
        { id: 104, outcome: 'queued' },
        { id: 105, outcome: 'may_have_printed', station: 'Pack 2' },
      ]),
    );
    expect(merged).toMatchObject({ queued: 5, skipped: 1, notReached: orders.slice(6) });
    expect(merged?.skippedOrders).toEqual([
      expect.objectContaining({
        cause: 'may_have_printed',
        station: 'Pack 2',
        orders: [orders[5]],
      }),
    ]);
  });
});
