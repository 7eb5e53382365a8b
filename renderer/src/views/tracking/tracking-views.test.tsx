// @vitest-environment jsdom
/**
 * The Tracking explorer and the event detail fed every variant of the TrackingEvent schema
 * (every field, required only, nulls, empty arrays, unknown extra fields) through a stub
 * bridge, inside the view error boundary: heading and sections shown, never a crash. And the
 * filters: a change asks the API for the right events and is written to the settings.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Api, RejectedRow } from '../../../../shared/contract/values';
import { itRendersEachVariant } from '../../test-support/each-variant';
import { expectListViewShown } from '../../test-support/list-view-shown';
import { schemaVariants } from '../../test-support/schema-variants';
import { expectNoBoundary, ok, renderWith, stubClient } from '../../test-support/stub-bridge';
import { cleanUpAfterEach } from '../../test-support/test-hooks';
import { TrackingEventView } from './tracking-event-view';
import { TrackingView } from './tracking-view';

cleanUpAfterEach();

describe('Tracking explorer with schema variants', () => {
  itRendersEachVariant(
    'TrackingEvent',
    async (variant) => {
      const second = { ...variant.value, id: 99_999 };
      renderWith(stubClient(streaming([variant.value, second])), <TrackingView />);
      await expectListViewShown({
        heading: 'Tracking',
        countTestId: 'tracking-count',
        count: '2 tracking events',
        table: 'Tracking events',
      });
    },
    { atLeast: 4 },
  );
});

describe('Tracking event detail with schema variants', () => {
  itRendersEachVariant('TrackingEvent', async (variant) => {
    renderWith(stubClient({ trackingEventsGet: ok(variant.value) }), <TrackingEventView id={3} />);
    await waitFor(() => expect(screen.getByTestId('tracking-event-detail')).toBeTruthy());
    for (const name of ['Scan', 'Location', 'Dwell time', 'Exception', 'Package', 'Record']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expectNoBoundary();
  });
});

describe('Tracking filters', () => {
  it('ask for what the person chooses and keep it', async () => {
    const trackingEventsStream = vi.fn(ok({ streamId: 's1' }));
    const client = stubClient({ ...streaming([]), trackingEventsStream });
    renderWith(client, <TrackingView />);
    await waitFor(() => expect(trackingEventsStream).toHaveBeenCalledWith({ filters: {} }));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'EXC');
    await user.type(screen.getByLabelText('Package id'), '12{Enter}');
    await waitFor(() =>
      expect(trackingEventsStream).toHaveBeenLastCalledWith({
        filters: { status: 'EXC', package: 12 },
      }),
    );
    expect(client.settingsUpdate).toHaveBeenLastCalledWith({
      patch: {
        views: {
          tracking: {
            filters: {
              carrier: '',
              exception_code: '',
              package: '12',
              shipment: '',
              status: 'EXC',
            },
          },
        },
      },
    });
    expect(screen.getByTestId('tracking-count').textContent).toBe('No tracking events match.');
  });
});

describe('Tracking events the bridge set aside', () => {
  it('are counted and the first one named, beside the events that came', async () => {
    const [event] = schemaVariants('TrackingEvent');
    const setAside = [
      { index: 1, id: '77', problem: 'scan_timestamp is not a text' },
      { index: 4, id: '78', problem: 'id is missing' },
    ];
    renderWith(stubClient(streaming([event!.value], setAside)), <TrackingView />);
    await waitFor(() =>
      expect(screen.getByTestId('tracking-count').textContent).toBe('1 tracking event'),
    );
    expect(screen.getByTestId('tracking-set-aside').textContent).toBe(
      '2 tracking events were left out: not as the API describes them (the first, 77: scan_timestamp is not a text).',
    );
  });
});

/** The tracking events list as the bridge streams it: one chunk, the whole list. */
function streaming(rows: Api['TrackingEvent'][], setAside: RejectedRow[] = []) {
  return {
    trackingEventsStream: ok({ streamId: 's1' }),
    trackingEventsStreamRead: ok({
      rows,
      from: 0,
      loaded: rows.length,
      setAside,
      bytes: 1,
      done: true,
    }),
  };
}
