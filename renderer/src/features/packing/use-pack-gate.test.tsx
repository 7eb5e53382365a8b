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
import { useBridgeQuery } from '../../query/bridge-query';
import { gateOrder } from '../../test-support/gate-order';
import { bridgeWrapper, ok, stubClient } from '../../test-support/stub-bridge';
import { usePackGate } from './use-pack-gate';

/** A labelled, paid order nobody packed: the gate lets it through on its own. */
const order = gateOrder();

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
