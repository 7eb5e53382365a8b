// @vitest-environment jsdom
/**
 * The Returns worklist and return detail fed every variant of their OpenAPI schemas (every
 * field, required only, nulls, empty arrays, unknown extra fields) through a stub bridge,
 * inside the view error boundary: they show their heading and sections and never crash. And
 * the filters: a change asks the API for the right returns and is written to the settings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, type Mock, vi } from 'vitest';
import type { BridgeResult } from '../../../../shared/contract/bridge-contract';
import { itRendersEachVariant } from '../../test-support/each-variant';
import { expectListViewShown } from '../../test-support/list-view-shown';
import { pageOf, schemaVariants } from '../../test-support/schema-variants';
import {
  expectNoBoundary,
  ok,
  renderWith,
  type StubAnswer,
  stubClient,
} from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { ReturnDetailView } from './return-detail-view';
import { ReturnsView } from './returns-view';

cleanUpAfterEach();

const DETAIL_SECTIONS = [
  'Customer',
  'Order',
  'Items returned',
  'Resolution',
  'Risk',
  'Events',
  'Return shipping',
  'Warehouse receipt',
  'Photos',
  'Dates',
];

describe('Returns worklist with schema variants', () => {
  itRendersEachVariant(
    'ReturnRequest',
    async (variant) => {
      renderWith(stubClient({ returnsList: ok(pageOf([variant.value], 1)) }), <ReturnsView />);
      const table = await expectListViewShown({
        heading: 'Returns',
        countTestId: 'returns-range',
        count: 'Returns 1–1 of 1',
        table: 'Returns',
      });
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    },
    { atLeast: 4 },
  );
});

describe('Return detail with schema variants', () => {
  itRendersEachVariant('ReturnRequest', async (variant) => {
    renderWith(stubClient({ returnsGet: ok(variant.value) }), <ReturnDetailView id={7} />);
    await waitFor(() => expect(screen.getByTestId('return-detail')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Return /);
    for (const name of DETAIL_SECTIONS) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expectNoBoundary();
  });
});

/** The worklist's last request was the first page of 50 with these filters. */
const askedFor = (returnsList: Mock, filters: Record<string, unknown>) =>
  waitFor(() => expect(returnsList).toHaveBeenLastCalledWith({ filters, page: 1, pageSize: 50 }));

describe('Returns filters', () => {
  it('ask for the open returns first, then what the person chooses, and keep it', async () => {
    const returnsList = vi.fn(ok(pageOf([], 0)));
    const client = stubClient({ returnsList });
    renderWith(client, <ReturnsView />);
    await waitFor(() =>
      expect(returnsList).toHaveBeenCalledWith({
        filters: { status: 'open' },
        page: 1,
        pageSize: 50,
      }),
    );
    // No returns: an export is refused with a sentence, not written as a header-only file.
    const exportButton = await screen.findByRole('button', { name: 'Export CSV…' });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(true));
    expect(exportButton.getAttribute('title')).toBe(
      'There are no returns to export with these filters.',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Reason'), 'damaged');
    await askedFor(returnsList, { status: 'open', reason: 'damaged' });
    // A country by its name finds its code, as the code itself does.
    await user.type(screen.getByLabelText('Country'), 'Germany{Enter}');
    await askedFor(returnsList, { status: 'open', reason: 'damaged', country: 'DE' });
    expect(client.settingsUpdate).toHaveBeenLastCalledWith({
      patch: {
        views: {
          returns: {
            filters: {
              status: 'open',
              reason: 'damaged',
              carrier: '',
              channel: '',
              country: 'DE',
              q: '',
              review: 'any',
              olderThanDays: 0,
            },
            pageSize: 50,
          },
        },
      },
    });
    // An unknown country: said, and no country filter left in force.
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), 'Atlantis{Enter}');
    await askedFor(returnsList, { status: 'open', reason: 'damaged' });
    expect(screen.getByTestId('unknown-country').textContent).toContain(
      'No country is called “Atlantis”: no country filter.',
    );
    // "Clear filters" counts what differs from the open returns, and goes back to them.
    const filters = within(screen.getByRole('region', { name: 'Filters' }));
    await user.click(filters.getByRole('button', { name: 'Clear filters (1)' }));
    await askedFor(returnsList, { status: 'open' });
    expect(filters.queryByRole('button', { name: /^Clear filters/ })).toBeNull();
  });

  it('start from the filters kept in the settings file', async () => {
    const returnsList = vi.fn(ok(pageOf([], 0)));
    renderWith(
      stubClient(
        { returnsList },
        { returns: { filters: { status: 'closed', channel: 'Etsy' }, pageSize: 25 } },
      ),
      <ReturnsView />,
    );
    await waitFor(() =>
      expect(returnsList).toHaveBeenCalledWith({
        filters: { status: 'closed', channel: 'Etsy' },
        page: 1,
        pageSize: 25,
      }),
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('closed');
    expect((screen.getByLabelText('Channel') as HTMLInputElement).value).toBe('Etsy');
  });
});

describe('Returns export', () => {
  it('exports the current filter with progress, and Cancel asks the bridge to stop', async () => {
    let finish: (value: BridgeResult<'returnsExport'>) => void = () => {};
    const returnsExport = vi.fn<StubAnswer<'returnsExport'>>(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    const operationCancel = vi.fn(ok({ cancelled: true }));
    renderWith(
      stubClient({
        returnsList: ok(pageOf([schemaVariants('ReturnRequest')[0]!.value], 1)),
        returnsExport,
        operationCancel,
      }),
      <ReturnsView />,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV…' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export returns to CSV' });
    // No folder chosen: the default export folder (the bridge's own; no path from the page).
    expect(within(dialog).getByTestId('export-folder').textContent).toContain('Into');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(returnsExport).toHaveBeenCalledTimes(1));
    const args = returnsExport.mock.calls[0]?.[0] as { operationId: string };
    expect(args).toEqual({
      filters: { status: 'open' },
      review: 'any',
      operationId: expect.stringMatching(/^op_/),
    });
    const progress = screen.getByRole('region', { name: 'Bulk work in progress' });
    expect(progress.textContent).toContain('Exporting returns to CSV');
    expect(screen.getByRole('button', { name: 'Export CSV…' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    expect(operationCancel).toHaveBeenCalledWith({ operationId: args.operationId });
    finish({ ok: false, error: { code: 'cancelled', message: 'The export was cancelled.' } });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bulk work in progress' })).toBeNull(),
    );
    expect(screen.queryByTestId('export-outcome')).toBeNull();
  });
});
