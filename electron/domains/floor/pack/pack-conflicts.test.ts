/**
 * Double packs when the floor's log is written: a pack written again is one pack; a second
 * pack of an order is a conflict for the supervisor unless its packer passed "Already packed"
 * on purpose.
 */
import { describe, expect, it } from 'vitest';
import { conflictWords, decidePackWrite, type FloorPack } from './pack-conflicts';

function pack(over: Partial<FloorPack> = {}): FloorPack {
  return {
    packKey: 'k-1',
    orderId: 7,
    orderName: '#10983',
    station: 'Station 3',
    packer: 'Ana',
    packedAt: '2026-11-28T10:42:00.000Z',
    offline: false,
    overrides: [],
    ...over,
  };
}

describe('writing a pack to the floor', () => {
  it('writes the first pack of an order with no conflict', () => {
    expect(decidePackWrite([], pack())).toEqual({ kind: 'write', conflict: null });
    expect(decidePackWrite([pack({ orderId: 8 })], pack({ packKey: 'k-2' }))).toEqual({
      kind: 'write',
      conflict: null,
    });
  });

  it('writes a pack sent twice (a retried queue) once', () => {
    const first = pack();
    expect(decidePackWrite([first], pack({ station: 'changed' }))).toEqual({
      kind: 'duplicate',
      pack: first,
    });
  });

  it('lists two stations packing the same order while offline as a conflict', () => {
    const first = pack({ offline: true, packedAt: '2026-11-28T10:40:00.000Z' });
    const older = pack({ packKey: 'k-0', packedAt: '2026-11-28T09:00:00.000Z' });
    const second = pack({ packKey: 'k-2', station: 'Station 5', packer: 'Bo', offline: true });
    const d = decidePackWrite([older, first], second);
    expect(d).toEqual({
      kind: 'write',
      conflict: { orderId: 7, orderName: '#10983', first, second },
    });
  });

  it('lists an offline pack of an order packed online meanwhile as a conflict', () => {
    const online = pack();
    const offline = pack({ packKey: 'k-2', station: 'Station 5', offline: true });
    expect(decidePackWrite([online], offline)).toMatchObject({ conflict: { first: online } });
  });

  it('does not list a repack the packer meant (the "Already packed" gate overridden)', () => {
    const repack = pack({
      packKey: 'k-2',
      overrides: [{ gate: 'packed', reason: 'Repacking a damaged parcel', at: 'x' }],
    });
    expect(decidePackWrite([pack()], repack)).toEqual({ kind: 'write', conflict: null });
    const other = pack({
      packKey: 'k-3',
      overrides: [{ gate: 'no_label', reason: 'A supervisor approved it', at: 'x' }],
    });
    expect(decidePackWrite([pack()], other).kind === 'write').toBe(true);
    expect(decidePackWrite([pack()], other)).not.toMatchObject({ conflict: null });
  });

  it('says the conflict in words for the supervisor', () => {
    const first = pack({ packedAt: '2026-11-28T10:40:00.000Z' });
    const second = pack({ packKey: 'k-2', station: 'Station 5', packer: 'Bo', offline: true });
    expect(
      conflictWords({ orderId: 7, orderName: '#10983', first, second }, (i) => i.slice(11, 16)),
    ).toBe(
      '#10983 was packed twice: at Station 3 by Ana at 10:40, and at Station 5 by Bo at 10:42 (floor offline).',
    );
  });
});
