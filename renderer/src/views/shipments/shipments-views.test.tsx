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
import type { ListChunk } from '../../../../shared/contract/values';
import { itRendersEachVariant } from '../../test-support/each-variant';
import { expectListViewShown } from '../../test-support/list-view-shown';
import { schemaVariants } from '../../test-support/schema-variants';
import { expectNoBoundary, ok, renderWith, stubClient } from '../../test-support/stub-bridge';
import { ShipmentDetailView } from './shipment-detail-view';
import { ShipmentsView } from './shipments-view';

afterEach(cleanup);

describe('Shipments list with schema variants', () => {
  itRendersEachVariant(
    'ShipmentList',
    async (variant) => {
      renderWith(
        stubClient({
          shipmentsStream: ok({ streamId: 's1' }),
          shipmentsStreamRead: ok(chunk([variant.value, variant.value], true)),
        }),
        <ShipmentsView />,
      );
      await expectListViewShown({
        heading: 'Shipments',
        countTestId: 'shipments-count',
        count: '2 of 2 shipments',
        table: 'Shipments',
      });
    },
    { atLeast: 4 },
  );
});

describe('Shipments arriving in chunks', () => {
  it('shows the first rows with the progress, then the whole list', async () => {
    const [sample] = schemaVariants('ShipmentList');
    const row = (n: number) => ({ ...sample!.value, shipment_id: `shp_${n}` });
    const first = chunk([row(1), row(2)], false, { loaded: 2, bytes: 100, totalBytes: 5000 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = vi.fn(async ({ from }: { from: number }) => {
      if (from === 0) return { ok: true as const, value: first };
      await gate;
      const last = chunk([row(3)], true, { from: 2, loaded: 3, bytes: 5000, totalBytes: 5000 });
      last.setAside = [{ index: 3, id: 'shp_bad', problem: 'created_at is not a text' }];
      return { ok: true as const, value: last };
    });
    renderWith(
      stubClient({ shipmentsStream: ok({ streamId: 's1' }), shipmentsStreamRead: read }),
      <ShipmentsView />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe(
        '2 of 2 shipments · Loading 2 of ~100… sorted and filtered within the 2 loaded so far',
      ),
    );
    release();
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe('3 of 3 shipments'),
    );
    expect(read).toHaveBeenLastCalledWith({ streamId: 's1', from: 2 });
    expect(screen.getByTestId('shipments-set-aside').textContent).toMatch(
      /1 shipment was left out.*shp_bad: created_at is not a text/,
    );
  });

  it('keeps the rows that came when the list breaks off, and says why', async () => {
    const [sample] = schemaVariants('ShipmentList');
    let calls = 0;
    const read = async () =>
      calls++ === 0
        ? { ok: true as const, value: chunk([sample!.value], false, { loaded: 1 }) }
        : { ok: false as const, error: { code: 'network' as const, message: 'It broke off.' } };
    renderWith(
      stubClient({ shipmentsStream: ok({ streamId: 's1' }), shipmentsStreamRead: read }),
      <ShipmentsView />,
    );
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toMatch(/It broke off/);
    expect(screen.getByTestId('shipments-count').textContent).toMatch(
      /^1 of 1 shipments · only the 1 that arrived before the list broke off/,
    );
  });
});

describe('Shipments stopped and resumed', () => {
  it('offers Stop while the list arrives, says where it stopped, and Resume reads on', async () => {
    const [sample] = schemaVariants('ShipmentList');
    const row = (n: number) => ({ ...sample!.value, shipment_id: `shp_${n}` });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const start = vi.fn(async (_args: { fresh?: boolean; skip?: number }) => ({
      ok: true as const,
      value: { streamId: start.mock.calls.length === 1 ? 's1' : 's2' },
    }));
    const read = vi.fn(
      async ({ streamId, from, stop }: { streamId: string; from: number; stop?: boolean }) => {
        const sizes = { loaded: from, bytes: from * 50, totalBytes: 5000 };
        if (streamId === 's2') {
          return { ok: true as const, value: chunk([row(4)], true, { loaded: 1 }) };
        }
        if (stop) {
          return { ok: true as const, value: chunk([], false, { ...sizes, from, stopped: true }) };
        }
        if (from === 0) {
          return { ok: true as const, value: chunk([row(1), row(2)], false, { bytes: 100 }) };
        }
        await gate;
        return {
          ok: true as const,
          value: chunk([row(3)], false, { from, loaded: 3, bytes: 150, totalBytes: 5000 }),
        };
      },
    );
    renderWith(
      stubClient({ shipmentsStream: start, shipmentsStreamRead: read }),
      <ShipmentsView />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    release();
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe(
        '3 of 3 shipments · stopped at 3 of ~100; sort and filters cover these only',
      ),
    );
    // The stop was said to the bridge (it ends the request); nothing was read after it.
    expect(read).toHaveBeenLastCalledWith({ streamId: 's1', from: 3, stop: true });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe('4 of 4 shipments'),
    );
    expect(start).toHaveBeenLastCalledWith({ fresh: true, skip: 3 });
  });
});

describe('Shipments kept on disk', () => {
  it('shows the kept copy with its age at once, then refreshes it in the background', async () => {
    const [sample] = schemaVariants('ShipmentList');
    const row = (n: number) => ({ ...sample!.value, shipment_id: `shp_${n}` });
    const keptAt = new Date(Date.now() - 10 * 60_000).toISOString();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const start = vi.fn(async (args: { fresh?: boolean }) => ({
      ok: true as const,
      value: args.fresh ? { streamId: 'fresh' } : { streamId: 'kept', keptAt },
    }));
    const read = async ({ streamId }: { streamId: string }) => {
      if (streamId === 'kept') return { ok: true as const, value: chunk([row(1)], true) };
      await gate;
      return { ok: true as const, value: chunk([row(1), row(2)], true) };
    };
    renderWith(
      stubClient({ shipmentsStream: start, shipmentsStreamRead: read }),
      <ShipmentsView />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe(
        '1 of 1 shipments · as of 10 minutes ago; refreshing…',
      ),
    );
    expect(start).toHaveBeenLastCalledWith({ fresh: true });
    release();
    await waitFor(() =>
      expect(screen.getByTestId('shipments-count').textContent).toBe('2 of 2 shipments'),
    );
  });
});

/** One answer of shipmentsStreamRead. */
function chunk<T>(rows: T[], done: boolean, extra: Partial<ListChunk<T>> = {}): ListChunk<T> {
  return { rows, from: 0, loaded: rows.length, setAside: [], bytes: 1, done, ...extra };
}

describe('Shipment detail with schema variants', () => {
  const events = schemaVariants('TrackingEvent').map((v) => v.value);
  itRendersEachVariant('ShipmentDetail', async (variant) => {
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
});
