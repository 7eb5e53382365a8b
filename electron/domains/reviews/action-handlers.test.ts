/**
 * The marks' handlers on a real local store in a temp folder: a disposition recorded a part at
 * a time keeps the parts left out and says who and when; a pulled mark replaces the number
 * pulled and 0 takes it away; the ERP CSV, written by the console's own CSV writer, reads
 * back with csv-parse in return then line order; and the store reopened holds the same.
 */
import { readFile, rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../kernel/handler-types';
import { type LocalStore, openLocalStore } from '../../kernel/local-store';
import { tempStoreDir } from '../../kernel/local-store/test-support';
import { writeCsvTable } from '../../kernel/operations/csv-file';
import { createActionHandlers } from './action-handlers';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function setUp() {
  const dir = await tempStoreDir();
  dirs.push(dir);
  let store: LocalStore = await openLocalStore({ dir });
  let clock = Date.parse('2026-11-27T09:00:00Z');
  const handlers = createActionHandlers({
    localStore: async () => store,
    defaultPerson: () => 'desk-user',
    // An injected clock: each record a minute after the last.
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
    writeTable: (table, prefix, destination, signal) =>
      writeCsvTable(table, { destination, exportDir: dir, prefix, now: new Date(clock), signal }),
  });
  const reopen = async () => {
    await store.close();
    store = await openLocalStore({ dir });
  };
  return { handlers, reopen, close: () => store.close() };
}

const ctx = { signal: new AbortController().signal } as CallContext;
const line = { sku: 'MUG-0001', name: 'Blue mug', quantity: 2 };

describe('dispositions and pulled marks', () => {
  it('records a disposition part by part, with who and when, and exports it', async () => {
    const { handlers, reopen, close } = await setUp();
    await handlers.returnDispositionSet(
      { returnId: 9, lineIndex: 1, ...line, rmaNumber: 'RMA-9', received: true },
      ctx,
    );
    const later = await handlers.returnDispositionSet(
      { returnId: 9, lineIndex: 1, ...line, condition: 'damaged', recordedBy: 'Ana' },
      ctx,
    );
    expect(later).toMatchObject({
      received: true,
      condition: 'damaged',
      action: null,
      rmaNumber: 'RMA-9',
      recordedBy: 'Ana',
      recordedAt: '2026-11-27T09:02:00.000Z',
    });
    await handlers.returnDispositionSet(
      { returnId: 3, lineIndex: 0, ...line, action: 'write_off' },
      ctx,
    );
    await reopen();
    const { dispositions } = await handlers.returnDispositionsList({}, ctx);
    expect(dispositions.map((d) => [d.returnId, d.lineIndex])).toEqual([
      [3, 0],
      [9, 1],
    ]);
    expect((await handlers.returnDispositionsList({ returnIds: [9] }, ctx)).dispositions).toEqual([
      later,
    ]);

    const file = await handlers.returnDispositionsExport({}, ctx);
    const rows = parse(await readFile(file.path, 'utf8'), { bom: true, columns: true });
    expect(rows).toEqual([
      expect.objectContaining({ return_id: '3', line: '1', action: 'write_off', received: 'no' }),
      expect.objectContaining({
        rma_number: 'RMA-9',
        return_id: '9',
        line: '2',
        sku: 'MUG-0001',
        quantity: '2',
        received: 'yes',
        condition: 'damaged',
        action: '',
        recorded_by: 'Ana',
        recorded_at: '2026-11-27T09:02:00.000Z',
      }),
    ]);
    await close();
  });

  it('keeps one pulled mark per batch at a bin; a new number replaces it, 0 takes it away', async () => {
    const { handlers, reopen, close } = await setUp();
    const at = {
      productId: 5,
      sku: 'COF-0088',
      locationId: -2,
      binId: null,
      binCode: '',
      batchId: 77,
      batchCode: 'L-77',
    };
    await handlers.pulledMarkSet({ ...at, quantity: 4 }, ctx);
    await handlers.pulledMarkSet({ ...at, quantity: 6, pulledBy: 'Sam' }, ctx);
    await handlers.pulledMarkSet({ ...at, binId: 8, binCode: 'B-02', quantity: 1 }, ctx);
    await reopen();
    const { marks } = await handlers.pulledMarksList({}, ctx);
    expect(marks.map((m) => [m.binCode, m.quantity, m.pulledBy])).toEqual(
      expect.arrayContaining([
        ['', 6, 'Sam'],
        ['B-02', 1, 'desk-user'],
      ]),
    );
    expect(marks).toHaveLength(2);
    expect((await handlers.pulledMarkSet({ ...at, quantity: 0 }, ctx)).mark).toBeNull();
    expect((await handlers.pulledMarksList({}, ctx)).marks.map((m) => m.binCode)).toEqual(['B-02']);
    await close();
  });
});
