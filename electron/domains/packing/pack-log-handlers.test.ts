/**
 * The pack log through the composed bridge (the embedded sandbox's connection): a pack is
 * recorded with who, where and when; what was printed is added; a repack replaces it and
 * counts; "since" keeps today's; bad input is refused with the field named; and the log is
 * still there after the console restarts.
 */

import type { PackRecord } from '@shared/contract/packing-values';
import { describe, expect, it } from 'vitest';
import { sandboxStationForFile } from '../../test-support/sandbox-station';

const station = sandboxStationForFile('packbench-packlog-', 'Bench 3');
const { send, call } = station;

const lines = [
  { sku: 'CND-SAG-0011', qty: 2, scanned: 1, byHand: 1 },
  { sku: 'BAR-0108', qty: 1, scanned: 1, byHand: 0 },
];

describe('the pack log', () => {
  it('records a pack with who, where and when, then what was printed', async () => {
    const before = Date.now();
    const record: PackRecord = await call('packLogRecord', {
      orderId: 41,
      orderName: '#10983',
      lines,
    });
    expect(record).toMatchObject({
      orderId: 41,
      orderName: '#10983',
      station: 'Bench 3',
      times: 1,
    });
    expect(record.packedBy.length).toBeGreaterThan(0);
    expect(Date.parse(record.packedAt)).toBeGreaterThanOrEqual(before - 1000);
    const printed = await call('packLogPrinted', {
      orderId: 41,
      printed: [
        { kind: 'shipping_label', printer: 'Zebra', jobId: 'job-1', at: new Date().toISOString() },
      ],
    });
    expect(printed.printed).toEqual([
      expect.objectContaining({ printer: 'Zebra', jobId: 'job-1' }),
    ]);
    // A repack (a damaged box) replaces it, counts 2, and starts with nothing printed.
    const again = await call('packLogRecord', { orderId: 41, orderName: '#10983', lines });
    expect(again).toMatchObject({ times: 2, printed: [] });
  });

  it('lists newest first, by order or since an instant', async () => {
    await call('packLogRecord', { orderId: 42, orderName: '#10984', lines });
    const all = (await call('packLogList', {})).records as PackRecord[];
    expect(all.map((r) => r.orderId)).toEqual([42, 41]);
    expect((await call('packLogList', { orderIds: [41, 99] })).records).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('packLogList', { since: tomorrow })).records).toEqual([]);
  });

  it('refuses bad input with the field named, and an order never packed', async () => {
    const bad = await send('packLogRecord', { orderId: -1, orderName: '', lines: [] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('invalid_arguments');
    const never = await send('packLogPrinted', {
      orderId: 7777,
      printed: [
        { kind: 'packing_slip', printer: 'A4', jobId: 'job-2', at: new Date().toISOString() },
      ],
    });
    expect(never.ok).toBe(false);
    if (!never.ok) expect(never.error.message).toContain('not in the pack log');
  });

  it('is still there after the console restarts', async () => {
    await station.restart();
    const records = (await call('packLogList', {})).records as PackRecord[];
    expect(records.map((r) => [r.orderId, r.times])).toEqual([
      [42, 1],
      [41, 2],
    ]);
  });
});
