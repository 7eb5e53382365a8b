// @vitest-environment jsdom
/**
 * The Orders workspace's filter bar and selection as a person uses them: the components
 * rendered, driven by clicks and keys, with the real filter state and selection store behind
 * them (the pure rules have their own tests in features/orders).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import type { PackbenchClient } from '../../bridge';
import { HeaderCheckbox } from '../../features/orders/header-checkbox';
import {
  EMPTY_FILTERS,
  filtersKey,
  type OrderViewFilters,
  toBridgeFilters,
} from '../../features/orders/order-filters';
import { selectedIds } from '../../features/orders/selection-model';
import { useSelectionStore } from '../../features/orders/selection-store';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { OrdersFilterBar } from './orders-filter-bar';
import { SelectionBar } from './selection-bar';

afterEach(cleanup);

const FACETS = {
  channel: ['shopify', 'amazon', 'ebay'],
  payment_status: ['paid', 'pending'],
  fulfillment_status: ['unfulfilled', 'fulfilled'],
};

/** The bar over a piece of state, as the view holds it; `latest()` is what the view has. */
function renderFilterBar(initial: OrderViewFilters = EMPTY_FILTERS) {
  let current = initial;
  function Harness() {
    const [filters, setFilters] = useState(initial);
    current = filters;
    return (
      <OrdersFilterBar
        filters={filters}
        onChange={setFilters}
        facets={FACETS as never}
        facetsError={null}
      />
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), latest: () => current };
}

describe('the filter bar', () => {
  it('searches on Enter, trimmed, and Escape clears the search', async () => {
    const { user, latest } = renderFilterBar();
    const box = screen.getByLabelText('Search');
    await user.type(box, '  #1042 {Enter}');
    expect(latest().q).toBe('#1042');
    expect(toBridgeFilters(latest()).q).toBe('#1042');
    await user.type(box, '{Escape}');
    expect(latest().q).toBe('');
    expect(box).toHaveProperty('value', '');
  });

  it('ticks channels in the menu, keeps the stage, and says what is chosen', async () => {
    const { user, latest } = renderFilterBar();
    const trigger = screen.getByRole('button', { name: 'Channel: Any' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'amazon' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'ebay' }));
    expect(latest().channel).toEqual(['amazon', 'ebay']);
    expect(latest().stage).toBe('open');
    expect(screen.getByRole('button', { name: 'Channel: amazon, ebay' })).toBeTruthy();
    // Unticking one leaves the other.
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'amazon' }));
    expect(latest().channel).toEqual(['ebay']);
  });

  it('"any reason" replaces the other attention reasons and is replaced by them', async () => {
    const { user, latest } = renderFilterBar({ ...EMPTY_FILTERS, attention: ['hold'] });
    screen.getByRole('button', { name: /^Attention:/ }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Any reason' }));
    expect(latest().attention).toEqual(['any']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Held by a rule' }));
    expect(latest().attention).toEqual(['hold']);
  });

  it('warns of an impossible date range, and Clear filters resets all but the stage', async () => {
    const { user, latest } = renderFilterBar({
      ...EMPTY_FILTERS,
      stage: 'shipped',
      channel: ['amazon'],
      q: 'mug',
    });
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByRole('status').textContent).toContain('“from” date is after the “to” date');
    await user.click(screen.getByRole('button', { name: 'Clear filters (4)' }));
    expect(latest()).toEqual({ ...EMPTY_FILTERS, stage: 'shipped' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Clear filters/ })).toBeNull();
  });
});

/** The settings answer useFormatters needs (en-US, so counts read "1,284"). */
function renderSelection(pageIds: number[], matching: number, key: string) {
  const settings = defaultSettings();
  settings.ui = { ...settings.ui, locale: 'en-US' };
  const client = {
    settingsGet: async () => ({ ok: true, value: { settings, path: '/x', notices: [] } }),
  } as unknown as PackbenchClient;
  function Harness() {
    const selection = useSelectionStore((s) => s.selection);
    const onPage = pageIds.filter((id) => selection.ids.has(id)).length;
    const state = onPage === 0 ? 'none' : onPage === pageIds.length ? 'all' : 'some';
    return (
      <>
        <HeaderCheckbox state={state} pageIds={pageIds} />
        <SelectionBar
          filtersKey={key}
          matching={matching}
          busy={false}
          onSelectAllMatching={() =>
            useSelectionStore.getState().selectAllMatching(
              Array.from({ length: matching }, (_, i) => i + 1),
              key,
            )
          }
          onSelectUnprinted={() => undefined}
          onPrintLabels={() => undefined}
          onPrintDocuments={() => undefined}
          onRefreshTracking={() => undefined}
          onExport={() => undefined}
        />
      </>
    );
  }
  const view = render(<Harness />, bridgeWrapper(client));
  return { user: userEvent.setup(), rerender: view.rerender };
}

describe('the selection', () => {
  beforeEach(() => useSelectionStore.getState().clear());
  const count = () => screen.getByTestId('selection-count').textContent;

  it('selects the page from the header, with the bulk actions following', async () => {
    const { user } = renderSelection([11, 12, 13], 1284, 'k1');
    const print = screen.getByRole('button', { name: 'Print labels' });
    expect(count()).toBe('No orders selected');
    // Not pressable, and says why (its accessible description; a tooltip on hover and focus).
    expect(print.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Print labels', description: /Select orders first/ }),
    ).toBe(print);

    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(count()).toBe('3 orders selected');
    expect(
      screen.getByRole('button', { name: 'Print labels' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select this page' }).dataset.state).toBe(
      'checked',
    );

    // One order cleared elsewhere (a row's checkbox): the header says "some".
    useSelectionStore.getState().toggle(12);
    expect(await screen.findByText('2 orders selected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select this page' }).dataset.state).toBe(
      'indeterminate',
    );
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(count()).toBe('No orders selected');
  });

  it('keeps what was chosen on another page and adds this one', async () => {
    useSelectionStore.getState().toggle(501);
    const { user } = renderSelection([11, 12], 1284, 'k1');
    expect(await screen.findByText('1 order selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(count()).toBe('3 orders selected');
    expect(selectedIds(useSelectionStore.getState().selection).sort()).toEqual([11, 12, 501]);
  });

  it('"Select all N matching" says the count, and stops saying "all" under other filters', async () => {
    const key = filtersKey(EMPTY_FILTERS);
    const { user } = renderSelection([1, 2], 1284, key);
    await user.click(await screen.findByRole('button', { name: 'Select all 1,284 matching' }));
    expect(count()).toBe('All 1,284 matching orders selected');
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
    cleanup();
    renderSelection([1, 2], 40, filtersKey({ ...EMPTY_FILTERS, stage: 'labels' }));
    expect(await screen.findByText('1,284 orders selected')).toBeTruthy();
  });
});
