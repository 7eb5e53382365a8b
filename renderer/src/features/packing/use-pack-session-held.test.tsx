// @vitest-environment jsdom
/**
 * Work given while the pack gate still reads the order (issue 28): the packer scanned the
 * order and at once confirmed an item by key. The confirm waits for the gate's decision like a
 * scan does — counted once the gate passes, refused in red if it closes — never dropped or
 * refused just because the key came first (a CI run pressed `c` inside that window and the
 * unit went uncounted).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gateOrder } from '../../test-support/gate-order';
import { bridgeWrapper, ok, stubClient } from '../../test-support/stub-bridge';
import { interceptScan } from '../scan/scan-intercept';
import { countOf, linesOf } from './pack-model';
import { countsFor, usePackStore } from './pack-store';
import { type SessionGate, usePackSession } from './use-pack-session';

const order = gateOrder({
  items: [
    { sku: 'MUG-1', name: 'Mug', qty: 2 },
    { sku: 'CUP-1', name: 'Cup', qty: 1 },
  ],
} as never);
const lines = linesOf(order.items);

const CHECKING: SessionGate = {
  checking: true,
  passed: false,
  overrides: [],
  noLabel: false,
  malformedPassed: true,
};

function session() {
  const client = stubClient({ floorPackTouch: ok({ touched: true }) });
  const { wrapper } = bridgeWrapper(client);
  return renderHook(({ gate }) => usePackSession(order, '#1001', lines, gate), {
    wrapper,
    initialProps: { gate: CHECKING },
  });
}

afterEach(() => usePackStore.getState().reset(order.id));

/** A key typed by a person on the pack screen (nothing focused), `at` ms into the shift. */
function press(key: string, at: number) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: at });
  act(() => {
    document.body.dispatchEvent(event);
  });
}

describe('a by-key confirm given while the gate checks', () => {
  it('counts once the gate passes, on the line it was given for', () => {
    const { result, rerender } = session();
    act(() => result.current.confirmByHand(lines[0]!));
    expect(countOf(countsFor(order.id), 'MUG-1')).toMatchObject({ scanned: 0, byHand: 0 });
    expect(usePackStore.getState().signal).toBeNull();

    rerender({ gate: { ...CHECKING, checking: false, passed: true } });
    const count = countOf(countsFor(order.id), 'MUG-1');
    expect(count).toMatchObject({ scanned: 0, byHand: 1 });
    expect(countOf(countsFor(order.id), 'CUP-1')).toMatchObject({ scanned: 0, byHand: 0 });
  });

  it('is refused, nothing counted, when the gate closes', () => {
    const { result, rerender } = session();
    act(() => result.current.confirmByHand(lines[0]!));
    rerender({ gate: { ...CHECKING, checking: false, passed: false } });
    expect(countOf(countsFor(order.id), 'MUG-1')).toMatchObject({ scanned: 0, byHand: 0 });
    expect(usePackStore.getState().signal?.signal.kind).toBe('gated');
  });

  it('a scan and the number typed behind it both wait, then count on that line', () => {
    const { rerender } = session();
    act(() => void interceptScan('MUG-1'));
    press('2', 1_000);
    press('Enter', 1_150);
    expect(countOf(countsFor(order.id), 'MUG-1')).toMatchObject({ scanned: 0, byHand: 0 });

    rerender({ gate: { ...CHECKING, checking: false, passed: true } });
    expect(countOf(countsFor(order.id), 'MUG-1')).toMatchObject({ scanned: 1, typed: 1 });
  });
});
