/**
 * Where the rest of a batch prints at this station, in the row's words: one printer named, or
 * each kind with its printer; a printer this station does not have is said, not hidden.
 */
import type { PrinterView, ResolvedRoute } from '@shared/contract/printing-values';
import { describe, expect, it } from 'vitest';
import { printsToLine, routeProblem } from './batch-where';
import { RouteError } from './routing';

const route = (printerId: string, kind: ResolvedRoute['kind']): ResolvedRoute => ({
  kind,
  printerId,
  copies: 1,
  media: 'default',
});
const printers = [
  { id: 'raw:zebra', name: 'Zebra ZD420' },
  { id: 'cups:laser', name: 'Front laser' },
] as PrinterView[];

describe('where the rest prints here', () => {
  it('names the one printer of a labels batch', () => {
    expect(printsToLine([{ route: route('raw:zebra', 'shipping_label') }], printers)).toBe(
      'Prints here on Zebra ZD420.',
    );
  });

  it('names each kind with its printer when they differ', () => {
    const groups = [
      { route: route('cups:laser', 'packing_slip'), kinds: ['packing_slip' as const] },
      { route: route('raw:zebra', 'shipping_label'), kinds: ['shipping_label' as const] },
    ];
    expect(printsToLine(groups, printers)).toBe(
      'Prints here: packing slips on Front laser; shipping labels on Zebra ZD420.',
    );
  });

  it('says why it cannot print here rather than naming no printer', () => {
    expect(routeProblem(new RouteError('Packing slips are set to print on “laser2”.'))).toBe(
      'Cannot print here yet: Packing slips are set to print on “laser2”.',
    );
    expect(routeProblem(new Error('other'))).toBeUndefined();
  });
});
