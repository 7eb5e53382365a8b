// @vitest-environment jsdom
/**
 * The recall list's bins and "Pulled…" mark, against a fixed clock: each recalled batch names
 * the bins at its location; marking units pulled from a bin sends the mark to the bridge (who
 * is the bridge's to fill in) and the row then says who pulled how many, when, and what is
 * still on the shelf; bad numbers are refused in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  heldAtAms,
  pulledListClient,
  pulledMarkSetByAna,
  walkAt,
} from '../../test-support/pulled-marks';
import { renderWith } from '../../test-support/stub-bridge';
import { fixedDateEachTest } from '../../test-support/test-hooks';
import { RecallsView } from './recalls-view';

const NOW = new Date(2026, 10, 28, 10, 50);
fixedDateEachTest(NOW);

const exceptions = walkAt(NOW, {
  recalled: [
    heldAtAms(
      { id: 7, sku: 'TEA-7', name: 'Tea, green' },
      [15, 5, 0],
      [
        {
          batch: { id: 71, batch_code: 'TEA-71', recall_state: 'mandatory' },
          on_hand: 20,
          committed: 0,
          available: 20,
        },
      ],
    ),
  ],
});

describe('the recall list’s pulled marks', () => {
  it('names the bins, records units pulled from one, then shows who, when and what is left', async () => {
    const pulledMarkSet = pulledMarkSetByAna();
    renderWith(pulledListClient(exceptions, { pulledMarkSet }), <RecallsView />);
    // The grid that holds the rows, once read (a timeout guards a hang on a busy machine).
    await waitFor(
      () => expect(within(screen.getByTestId('recall-grid')).getAllByRole('row')).toHaveLength(2),
      { timeout: 10_000 },
    );
    const grid = screen.getByTestId('recall-grid');
    const row = within(grid).getAllByRole('row')[1]!;
    // Only the bins that hold the product; the empty one is left out.
    expect(row.querySelector('[data-field="bins"]')?.textContent).toBe('A-01, B-04');
    expect(row.querySelector('[data-field="on-shelf"]')?.textContent).toBe('On shelf: 20');
    expect(row.querySelector('[data-field="pulled"]')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Pulled… TEA-71 at WH-AMS-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pulled TEA-71' });
    await user.selectOptions(within(dialog).getByLabelText('From bin'), 'B-04');
    const units = within(dialog).getByLabelText('Units pulled');
    await user.clear(units);
    await user.type(units, 'twelve');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Type the units pulled as a whole number, 0 or more (0 takes the mark back).',
      ),
    ).toBeTruthy();
    expect(pulledMarkSet).not.toHaveBeenCalled();
    await user.clear(units);
    await user.type(units, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pulledMarkSet).toHaveBeenCalledWith({
      productId: 7,
      sku: 'TEA-7',
      locationId: 1,
      binId: 12,
      binCode: 'B-04',
      batchId: 71,
      batchCode: 'TEA-71',
      quantity: 12,
    });
    const after = within(screen.getByTestId('recall-grid')).getAllByRole('row')[1]!;
    // The time in the console's locale (10:42, or 10:42 AM).
    expect(after.querySelector('[data-field="pulled"]')?.textContent).toMatch(
      /^Pulled 12 by Ana at 10:42( AM)?$/,
    );
    expect(after.querySelector('[data-field="on-shelf"]')?.textContent).toBe('On shelf: 8');
  });
});
