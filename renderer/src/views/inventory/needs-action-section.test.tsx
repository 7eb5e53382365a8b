// @vitest-environment jsdom
/** The product page's "Needs action" in words, most urgent first, each with where. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductStock } from '../../features/inventory/stock-facts';
import { renderWith, stubClient } from '../../test-support/stub-bridge';
import { NeedsActionSection } from './needs-action-section';

afterEach(cleanup);

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const level = (code: string, available: number, reorder: number | null, batches: unknown[]) => ({
  location: { id: code.length, code, name: code },
  available_total: available,
  reorder_point: reorder,
  bin_breakdown: [],
  batch_breakdown: batches,
});
const held = (code: string, days: number, recall = '', onHand = 5) => ({
  batch: {
    id: code.length,
    batch_code: code,
    expires_at: iso(days),
    days_until_expiry: days,
    recall_state: recall,
  },
  on_hand: onHand,
  committed: 0,
  available: onHand,
});

describe('Needs action', () => {
  it('says each action with where, most urgent first', () => {
    const stock = {
      product: { id: 7, sku: 'TEA-0007', name: 'Green tea' },
      levels: [
        level('WH-AMS', 4, 10, [held('L-OLD', -31), held('L-SOON', 4, '', 12)]),
        level('WH-BER', 30, null, [held('L-RECALL', 90, 'mandatory', 30)]),
      ],
      movements_recent: [],
    } as unknown as ProductStock;
    renderWith(stubClient({}), <NeedsActionSection stock={stock} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Mandatory recall: batch L-RECALL at WH-BER, 30 on hand',
      'Expired 31 days ago: batch L-OLD at WH-AMS, 5 on hand',
      'Expires in 4 days: batch L-SOON at WH-AMS, 12 on hand',
      'At or below its reorder point at WH-AMS: 4 available, reorder at 10',
    ]);
  });

  it('says when nothing needs action', () => {
    const stock = {
      product: { id: 8 },
      levels: [level('WH-AMS', 40, 10, [held('L-LATER', 200)])],
      movements_recent: [],
    } as unknown as ProductStock;
    renderWith(stubClient({}), <NeedsActionSection stock={stock} />);
    expect(screen.getByTestId('needs-action').textContent).toContain('Nothing: no recall');
  });
});
