import { openApiValidator } from '@shared/api/openapi-validator';
import { minimalOrder } from '@shared/api/test-support/minimal-order';
import { describe, expect, it } from 'vitest';
import { numberProblem } from './number-check';

const numbers = openApiValidator('tolerant').numbers('Order');
const order = (extra: Record<string, unknown>) =>
  minimalOrder({ id: 7, created_at: '2026-05-01T10:00:00Z', ...extra });

describe('an unusable number in words', () => {
  it.each([
    [{ id: Infinity }, 'id is too large to read as a number'],
    [{ id: 2 ** 64 }, 'id is 1.845e+19, too large to be exact'],
    [{ weight_kg: -1e300 }, 'weight_kg is -1.000e+300, too large to be exact'],
    [
      {
        items: [
          { sku: 'A', qty: 1 },
          { sku: 'B', qty: Infinity },
        ],
      },
      'items.1.qty is too large to read as a number',
    ],
    [{ tags: [2 ** 60] }, 'tags.0 is 1.153e+18, too large to be exact'],
  ])('%j: %s', (extra, words) => {
    expect(numberProblem(numbers, order(extra))).toBe(words);
  });

  it('is nothing for a row whose numbers can all be read', () => {
    expect(numberProblem(numbers, order({ items: [{ sku: 'A', qty: 3 }] }))).toBeUndefined();
    expect(numberProblem(numbers, order({ not_described: Infinity }))).toBeUndefined();
  });

  it('names a field whose name holds a slash as the API spells it', () => {
    expect(numberProblem(numbers, order({ carrier_shipment: { 'a/b': Infinity } }))).toBe(
      'carrier_shipment.a/b is too large to read as a number',
    );
  });
});
