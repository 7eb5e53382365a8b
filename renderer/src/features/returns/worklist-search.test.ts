import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import { exactReturnIndex, isExactReturn } from './worklist-search';

const ret = (id: number, rma: string, order: unknown, tracking: string) =>
  ({ id, rma_number: rma, order_name: order, tracking_number: tracking }) as Api['ReturnRequest'];

describe('an exact search opens its return', () => {
  const list = [
    ret(1, 'RMA-2026-000001', '#10837', ''),
    ret(2, 'RMA-2026-000002', '#10838', 'JJD0001'),
    ret(3, 'RMA-2026-000010', null, ''),
  ];

  it('by RMA number, order name (with or without #) or return tracking number', () => {
    expect(exactReturnIndex(list, ' rma-2026-000002 ')).toBe(1);
    expect(exactReturnIndex(list, '10838')).toBe(1);
    expect(exactReturnIndex(list, '#10837')).toBe(0);
    expect(exactReturnIndex(list, 'jjd0001')).toBe(1);
  });

  it('never on part of a number or an odd order name', () => {
    expect(exactReturnIndex(list, 'RMA-2026-00001')).toBe(-1);
    expect(isExactReturn(list[2]!, '')).toBe(false);
    expect(exactReturnIndex(list, 'null')).toBe(-1);
  });
});
