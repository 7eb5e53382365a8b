import { describe, expect, it } from 'vitest';
import type { FloorBatchLine } from '../../../../shared/contract/floor-overview-values';
import { batchWords } from './floor-words';

const batch = (over: Partial<FloorBatchLine>): FloorBatchLine => ({
  title: '40 labels',
  station: 'Office desk',
  startedBy: 'Cleo',
  reached: 14,
  total: 40,
  state: 'interrupted',
  holder: null,
  reason: null,
  ...over,
});

describe('batchWords', () => {
  it('says how far an interrupted batch got and that the rest can be printed anywhere', () => {
    expect(batchWords(batch({}))).toBe(
      'Interrupted at Office desk: 14 of 40 printed; the rest can be printed from any station',
    );
  });

  it('does not count as printed the orders a stopped station may have printed', () => {
    expect(batchWords(batch({ reached: 15, toCheck: 5 }))).toBe(
      'Interrupted at Office desk: 10 of 40 printed, 5 may have printed (to check); the rest can be printed from any station',
    );
  });

  it('offers no rest when every order was reached and only some are left to check', () => {
    expect(batchWords(batch({ reached: 40, toCheck: 5 }))).toBe(
      'Interrupted at Office desk: 35 of 40 printed, 5 may have printed (to check)',
    );
  });

  it('names the station printing a batch now', () => {
    expect(batchWords(batch({ state: 'printing', holder: 'Station 3', reached: 20 }))).toBe(
      'Printing at Station 3: 20 of 40',
    );
  });
});
