/**
 * The pack gate's overrides in the pack log, through the composed bridge (the embedded
 * sandbox's connection): a pack that passed a stop on purpose keeps which stop, why and when,
 * with who packed; a number typed for a multi-unit line is kept apart from scans; a stop the
 * console does not know, a reason too long or missing are refused with the field named, and
 * nothing is written; the overrides survive a restart.
 */

import type { PackRecord } from '@shared/contract/packing-values';
import { describe, expect, it } from 'vitest';
import { sandboxStationForFile } from '../../test-support/sandbox-station';

const station = sandboxStationForFile('packbench-packgate-', 'Bench 5');
const { send, call } = station;

const at = '2026-11-27T10:15:00.000Z';
const lines = [{ sku: 'CUP-12', qty: 12, scanned: 1, byHand: 0, typed: 11 }];
const overrides = [
  { gate: 'no_label', reason: 'A supervisor approved it', at },
  { gate: 'attention', reason: 'A supervisor approved it', at },
];

describe('overrides in the pack log', () => {
  it('keeps which stop was passed, why and when, with who packed and the typed units', async () => {
    const record: PackRecord = await call('packLogRecord', {
      orderId: 51,
      orderName: '#20051',
      lines,
      packer: 'Dana',
      overrides,
    });
    expect(record).toMatchObject({ packedBy: 'Dana', station: 'Bench 5', overrides, lines });
    const [listed] = (await call('packLogList', { orderIds: [51] })).records as PackRecord[];
    expect(listed!.overrides).toEqual(overrides);
  });

  it('a pack with nothing overridden has no overrides', async () => {
    const record: PackRecord = await call('packLogRecord', {
      orderId: 52,
      orderName: '#20052',
      lines: [{ sku: 'A-1', qty: 1, scanned: 1, byHand: 0 }],
      overrides: [],
    });
    expect(record.overrides).toBeUndefined();
  });

  it('refuses an unknown stop, an empty or overlong reason, and writes nothing', async () => {
    for (const bad of [
      [{ gate: 'not_a_gate', reason: 'x', at }],
      [{ gate: 'cancelled', reason: '  ', at }],
      [{ gate: 'cancelled', reason: 'x'.repeat(121), at }],
      [{ gate: 'cancelled', reason: 'x', at: 'yesterday' }],
    ]) {
      const r = await send('packLogRecord', {
        orderId: 53,
        orderName: '#20053',
        lines,
        overrides: bad,
      });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('invalid_arguments');
        expect(JSON.stringify(r.error)).toContain('overrides');
      }
    }
    expect((await call('packLogList', { orderIds: [53] })).records).toEqual([]);
  });

  it('survives a restart', async () => {
    await station.restart();
    const [record] = (await call('packLogList', { orderIds: [51] })).records as PackRecord[];
    expect(record!.overrides).toEqual(overrides);
    expect(record!.lines[0]!.typed).toBe(11);
  });
});
