// @vitest-environment jsdom
/**
 * The pack gate and the floor (issue 29): when the floor did not answer a scan's claim in time
 * the scan goes on with a claim local to this station — the gate opens as it would alone, and
 * the floor's sentence ("… Claims are local only.") is handed to the pack screen to show. The
 * floor answering, or no floor at all, hands nothing on.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FloorPackOpenView } from '../../../../shared/contract/floor-pack-values';
import type { Api } from '../../../../shared/contract/values';
import { useBridgeQuery } from '../../query/bridge-query';
import { schemaSample } from '../../test-support/schema-variants';
import { bridgeWrapper, ok, stubClient } from '../../test-support/stub-bridge';
import { usePackGate } from './use-pack-gate';

type Order = Api['Order'];

/** A labelled, paid order nobody packed: the gate lets it through on its own. */
const order = {
  ...schemaSample('Order', 'required'),
  id: 1,
  status: 'ready',
  payment_status: 'paid',
  total_amount: '40.00',
  total_refunded: '0.00',
  currency: 'EUR',
  shipments: [
    {
      id: 5,
      carrier: 'carrier_a',
      service: 'standard',
      label_url: '/media/labels/1-5.pdf',
      tracking_number: '1Z999',
      status: 'label_purchased',
      meta: null,
      created_at: '2026-11-20T10:00:00Z',
      order: 1,
    },
  ],
  fulfillments: [],
  storefront_fulfillments: [],
  label_automation: null,
  address_check: null,
  address_check_summary: null,
  label_purchase: { status: 'purchased', purchased_at: '2026-11-20T10:00:00Z' },
  created_at: '2026-11-19T08:00:00Z',
} as Order;

/** The floor's own words (floor-session.ts, then floor-pack-station.ts). */
const OFFLINE = 'The floor is offline: went on as offline for this action. Claims are local only.';

function gateWith(claim: FloorPackOpenView) {
  const client = stubClient({
    ordersGet: ok(order),
    packLogList: ok({ records: [] }),
    floorPackOpen: ok(claim),
    floorPackRelease: ok({ released: true as const }),
  });
  const { wrapper } = bridgeWrapper(client);
  return renderHook(
    () => {
      const read = useBridgeQuery('ordersGet', { id: 1 });
      return usePackGate(1, read);
    },
    { wrapper },
  );
}

describe('usePackGate with the floor', () => {
  it('the floor not answering lets the scan go on and hands the floor’s sentence to the screen', async () => {
    const { result } = gateWith({ floor: 'local', holder: null, message: OFFLINE });
    await waitFor(() => expect(result.current.state.kind).toBe('passed'));
    expect(result.current.floorNote).toBe(OFFLINE);
  });

  it('the floor answering says nothing more', async () => {
    const { result } = gateWith({ floor: 'floor', holder: null, message: null });
    await waitFor(() => expect(result.current.state.kind).toBe('passed'));
    expect(result.current.floorNote).toBeNull();
  });

  it('no floor configured says nothing more', async () => {
    const { result } = gateWith({ floor: 'none', holder: null, message: null });
    await waitFor(() => expect(result.current.state.kind).toBe('passed'));
    expect(result.current.floorNote).toBeNull();
  });

  it('no note before the claim is answered', () => {
    const { result } = gateWith({ floor: 'local', holder: null, message: OFFLINE });
    expect(result.current.state.kind).toBe('checking');
    expect(result.current.floorNote).toBeNull();
  });
});
