// @vitest-environment jsdom
/**
 * The Locations view and a location's detail fed every variant of their OpenAPI schemas
 * (Location, LocationStockTotals): they show their heading and sections and never reach the
 * error boundary. And the chart: one link per location, to that location's stock, named
 * with its numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { schemaSample, schemaVariants } from '../../test-support/schema-variants';
import {
  expectNoBoundary,
  ok,
  reactErrors,
  renderWith,
  stubClient,
} from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { LocationDetailView } from './location-detail-view';
import { LocationsView } from './locations-view';

cleanUpAfterEach();

describe('Locations with schema variants', () => {
  const locations = schemaVariants('Location');
  const totals = schemaVariants('LocationStockTotals');
  it('has variants to test', () => expect(locations.length).toBeGreaterThanOrEqual(4));
  locations.forEach((variant, i) => {
    it(`renders the list and chart with ${variant.label}`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWith(
        stubClient({
          locationsList: ok([variant.value]),
          inventoryLocationStock: ok(totals[i % totals.length]!.value),
        }),
        <LocationsView />,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Locations' })).toBeTruthy();
      await screen.findByTestId('locations-table');
      for (const name of ['Stock by location', 'All locations']) {
        expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
      }
      await waitFor(() => expect(screen.queryByText('Loading stock totals…')).toBeNull());
      expectNoBoundary();
      expect(reactErrors(errors)).toEqual([]);
    });

    it(`renders the detail with ${variant.label}`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWith(
        stubClient({
          locationsGet: ok(variant.value),
          inventoryLocationStock: ok(totals[i % totals.length]!.value),
        }),
        <LocationDetailView id={1} />,
      );
      await screen.findByRole('heading', { level: 2, name: 'Location' });
      expect(screen.getByRole('heading', { level: 2, name: 'Stock held' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
      expectNoBoundary();
      expect(reactErrors(errors)).toEqual([]);
    });
  });
});

describe('Stock chart', () => {
  it('links each location to its stock, most units first, named with its numbers', async () => {
    const base = schemaSample('Location');
    renderWith(
      stubClient({
        locationsList: ok([
          { ...base, id: 1, code: 'WH-1', name: 'One' },
          { ...base, id: 2, code: 'WH-2', name: 'Two' },
        ]),
        inventoryLocationStock: ok({
          results: [
            { location_id: 1, units_on_hand: 1200, sku_count: 3, last_movement_at: null },
            { location_id: 2, units_on_hand: 5000, sku_count: 1, last_movement_at: null },
          ],
        }),
      }),
      <LocationsView />,
    );
    const chart = await screen.findByRole('list', { name: 'Units on hand and SKUs per location' });
    await waitFor(() => expect(within(chart).getAllByRole('link')).toHaveLength(2));
    const [first, second] = within(chart).getAllByRole('link');
    expect(first!.getAttribute('href')).toBe('/inventory/location/2');
    // Named by its visible text (label in name), with "Show its stock" for a screen reader.
    expect(first!.textContent).toBe(
      'WH-2 Two 5,000 units on hand · 1 SKUs no movement yet Show its stock',
    );
    expect(second!.getAttribute('href')).toBe('/inventory/location/1');
    // The list repeats the numbers as a table.
    const row = within(screen.getByTestId('locations-table')).getByRole('row', { name: /One/ });
    within(row).getByText('1,200');
  });
});
