import { describe, expect, it } from 'vitest';
import type { PrintJobView, PrintOutcome } from '../../../../shared/contract/printing-values';
import { namesLine } from './batch-words';
import { outcomeMessage, outcomeSentence } from './print-outcome';

const job = (id: string, printerName: string): PrintJobView => ({
  id,
  printerId: `cups:${printerName}`,
  printerName,
  title: `Labels ${id}`,
  format: 'pdf',
  copies: 1,
  media: '4x6in',
  state: 'queued',
  attempts: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  size: 100,
});

describe('outcomeMessage', () => {
  it('counts jobs per printer and names what was skipped', () => {
    const outcome: PrintOutcome = {
      jobs: [job('a', 'Packbench-PDF'), job('b', 'Packbench-PDF'), job('c', 'Packbench-PDF')],
      skipped: [{ orderIds: [4, 5], reason: 'None of these orders has a label.' }],
    };
    expect(outcomeSentence(outcome)).toBe(
      '3 jobs queued on Packbench-PDF; 2 orders not printed: None of these orders has a label',
    );
    expect(outcomeMessage(outcome).tone).toBe('warning');
  });

  it('says one job in the singular and is a success when nothing was skipped', () => {
    expect(outcomeMessage({ jobs: [job('a', 'Zebra')], skipped: [] })).toEqual({
      title: '1 job queued on Zebra',
      tone: 'success',
    });
  });

  it('lists several printers', () => {
    const outcome = {
      jobs: [job('a', 'Office'), job('b', 'Zebra'), job('c', 'Office'), job('d', 'Folder')],
      skipped: [],
    };
    expect(outcomeMessage(outcome).title).toBe(
      '2 jobs queued on Office, 1 on Zebra and 1 on Folder',
    );
  });

  it('is an error when nothing was queued', () => {
    const m = outcomeMessage({
      jobs: [],
      skipped: [{ orderIds: [1], reason: 'Not printed: the API did not answer.' }],
    });
    expect(m).toEqual({
      title: 'Nothing was printed',
      description: '1 order not printed: Not printed: the API did not answer',
      tone: 'error',
    });
  });

  it('shows a skip without orders by its reason alone', () => {
    const m = outcomeMessage({
      jobs: [job('a', 'Office')],
      skipped: [{ kind: 'pick_list', reason: 'No pick list for these orders.' }],
    });
    expect(m.description).toBe('No pick list for these orders');
  });

  it('accounts for every order of a batch and names the skipped ones by cause', () => {
    const m = outcomeMessage({
      jobs: [job('a', 'Zebra')],
      skipped: [
        {
          orderIds: [7, 8],
          orders: [
            { id: 7, name: '#10990' },
            { id: 8, name: '#10991' },
          ],
          cause: 'no_label',
          reason: 'These orders have no label.',
        },
      ],
      batch: {
        id: 'b1',
        title: '20 orders: #10983 … #11002',
        what: 'labels',
        selected: 20,
        queued: 15,
        skipped: 2,
        notReached: 3,
        state: 'stopped',
      },
    });
    expect(m.tone).toBe('warning');
    expect(m.description).toBe(
      '20 orders: 15 printed, 2 not printed, 3 not reached; The batch stopped before its end; ' +
        'No label: #10990 and #10991 (These orders have no label)',
    );
  });

  it('is a warning when a batch did not reach every order, even with nothing skipped', () => {
    const m = outcomeMessage({
      jobs: [job('a', 'Zebra')],
      skipped: [],
      batch: {
        id: 'b2',
        title: '3 orders',
        what: 'labels',
        selected: 3,
        queued: 1,
        skipped: 0,
        notReached: 2,
        state: 'stopped',
      },
    });
    expect(m.tone).toBe('warning');
    expect(m.description).toContain('3 orders: 1 printed, 2 not reached');
  });
});

describe('namesLine', () => {
  it('names up to twelve orders and counts the rest', () => {
    const orders = Array.from({ length: 15 }, (_, i) => ({ id: i, name: `#${100 + i}` }));
    expect(namesLine(orders)).toBe(
      '#100, #101, #102, #103, #104, #105, #106, #107, #108, #109, #110, #111 and 3 more',
    );
    expect(namesLine(orders.slice(0, 1))).toBe('#100');
  });
});
