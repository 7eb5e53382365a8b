// @vitest-environment jsdom
/**
 * The worklist's Age column and its "Older than (days)" filter, against a fixed clock: a
 * clerk reads how long each return has waited in words, and the filter asks the main
 * process's walk for the older ones (the API has no date filter) and is kept like the others.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import { pageOf, schemaVariants } from '../../test-support/schema-variants';
import { ok, renderWith, stubClient } from '../../test-support/stub-bridge';
import { fixedDateEachTest } from '../../test-support/test-hooks';
import { ReturnsView } from './returns-view';

const NOW = new Date(2026, 10, 28, 10, 0);
fixedDateEachTest(NOW);

const base = schemaVariants('ReturnRequest')[0]!.value as Api['ReturnRequest'];
const daysAgo = (days: number, hour = 9) => new Date(2026, 10, 28 - days, hour, 0).toISOString();
const returnOf = (id: number, requested: string): Api['ReturnRequest'] => ({
  ...base,
  id,
  rma_number: `RMA-${id}`,
  requested_at: requested,
});
const ROWS = [
  returnOf(1, daysAgo(0, 8)),
  returnOf(2, daysAgo(1, 23)),
  returnOf(3, daysAgo(3)),
  returnOf(4, daysAgo(1204)),
];

describe('Returns age', () => {
  it('shows each return’s age in days in words, grouped digits, “today” for today', async () => {
    renderWith(stubClient({ returnsList: ok(pageOf(ROWS)) }), <ReturnsView />);
    const table = await screen.findByRole('table', { name: 'Returns' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(within(table).getByRole('columnheader', { name: 'Value · age' })).toBeTruthy();
    const ages = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-field="age"]')?.textContent);
    expect(ages).toEqual(['today', '1 day', '3 days', '1,204 days']);
  });

  it('filters to returns older than N days through the walk, keeps it, and refuses bad text', async () => {
    const returnsWorklist = vi.fn(ok(pageOf([ROWS[3]!])));
    const client = stubClient({ returnsList: ok(pageOf(ROWS)), returnsWorklist });
    renderWith(client, <ReturnsView />);
    await screen.findByRole('table', { name: 'Returns' });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Older than (days)');
    await user.type(field, 'two weeks{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Type a whole number of days from 1 to 36,500.',
    );
    expect(returnsWorklist).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '14{Enter}');
    await waitFor(() =>
      expect(returnsWorklist).toHaveBeenLastCalledWith({
        filters: { status: 'open' },
        review: 'any',
        olderThanDays: 14,
        page: 1,
        pageSize: 50,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('returns-range').textContent).toBe('Returns 1–1 of 1'),
    );
    expect(client.settingsUpdate).toHaveBeenLastCalledWith({
      patch: {
        views: {
          returns: {
            filters: expect.objectContaining({ status: 'open', olderThanDays: 14 }),
            pageSize: 50,
          },
        },
      },
    });
    const filters = within(screen.getByRole('region', { name: 'Filters' }));
    expect(filters.getByRole('button', { name: 'Clear filters (1)' })).toBeTruthy();
  });

  it('starts from an age filter kept in the settings file', async () => {
    const returnsWorklist = vi.fn(ok(pageOf([ROWS[3]!])));
    const returnsList = vi.fn(ok(pageOf(ROWS)));
    renderWith(
      stubClient(
        { returnsList, returnsWorklist },
        { returns: { filters: { status: 'open', olderThanDays: 30 }, pageSize: 50 } },
      ),
      <ReturnsView />,
    );
    await waitFor(() =>
      expect(returnsWorklist).toHaveBeenCalledWith(expect.objectContaining({ olderThanDays: 30 })),
    );
    expect((screen.getByLabelText('Older than (days)') as HTMLInputElement).value).toBe('30');
    expect(returnsList).not.toHaveBeenCalled();
  });
});
