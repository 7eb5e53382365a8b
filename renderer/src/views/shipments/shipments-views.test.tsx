// @vitest-environment jsdom
/**
 * Rendering any schema-valid response never crashes the Shipments views: the list, the detail
 * (with its tracking events) and the label preview are fed every variant of their OpenAPI
 * schemas (every field, required only, nulls, empty arrays, unknown extra fields) through a
 * stub bridge, inside the view error boundary, and must show their heading and sections.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemaVariants } from '../../test-support/schema-variants';
import { expectNoBoundary, ok, renderWith, stubClient } from '../../test-support/stub-bridge';
import { ShipmentDetailView } from './shipment-detail-view';
import { ShipmentsView } from './shipments-view';

afterEach(cleanup);

describe('Shipments list with schema variants', () => {
  const variants = schemaVariants('ShipmentList');
  it('has variants to test', () => expect(variants.length).toBeGreaterThanOrEqual(4));
  for (const variant of variants) {
    it(`renders ${variant.label}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWith(
        stubClient({ shipmentsList: ok([variant.value, variant.value]) }),
        <ShipmentsView />,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Shipments' })).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByTestId('shipments-count').textContent).toBe('2 of 2 shipments'),
      );
      expect(screen.getByRole('table', { name: 'Shipments' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
      expectNoBoundary();
    });
  }
});

describe('Shipment detail with schema variants', () => {
  const events = schemaVariants('TrackingEvent').map((v) => v.value);
  for (const variant of schemaVariants('ShipmentDetail')) {
    it(`renders ${variant.label}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const label = schemaVariants('ShipmentLabel')[0]!.value;
      renderWith(
        stubClient({
          shipmentsGet: ok(variant.value),
          trackingEventsList: ok(events),
          shipmentsLabel: ok(label),
        }),
        <ShipmentDetailView shipmentId="shp_1" />,
      );
      await screen.findByTestId('shipment-detail');
      for (const name of [
        'Shipment',
        'SLA and carrier choice',
        'Ship from',
        'Ship to',
        'Alternative carriers considered',
        'Tracking',
        'Label',
      ]) {
        expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
      }
      expect(screen.getByRole('heading', { level: 2, name: /^Packages \(\d+\)$/ })).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('Loading tracking events…')).toBeNull());
      // The label preview with whatever the label variant holds: it explains, never crashes.
      await userEvent.setup().click(screen.getByRole('button', { name: 'Preview label' }));
      await screen.findByTestId('label-preview');
      expectNoBoundary();
    });
  }
});
