// @vitest-environment jsdom
/**
 * A shipment's id is any text the API gives (issue 32: `SHP%0006` was decoded twice, by the
 * router and again by the page, and asked for another id): every odd id, linked as the list
 * links it (encodeURIComponent), reaches the bridge exactly as the API wrote it.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { bridgeWrapper, type StubAnswer, stubClient } from '../../test-support/stub-bridge';
import { ShipmentRoutes, shipmentIdFromPath } from './shipment-routes';

afterEach(cleanup);

const ODD = ['SHP%0006', '100%', 'a/b', '#42', 'why?', '%2F..%2F', 'SHP 0001', 'ünï 📦'];

describe('a shipment id in the address', () => {
  it.each(ODD)('%s is read back exactly once decoded', (id) => {
    expect(shipmentIdFromPath(`/shipments/${encodeURIComponent(id)}`, 'fallback')).toBe(id);
  });

  it.each(ODD)('%s opens that shipment, not another', async (id) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const asked: string[] = [];
    const shipmentsGet: StubAnswer<'shipmentsGet'> = async ({ shipmentId }) => {
      asked.push(shipmentId);
      return { ok: false, error: { code: 'not_found', message: 'No such shipment.' } };
    };
    const { wrapper } = bridgeWrapper(stubClient({ shipmentsGet }));
    const { hook } = memoryLocation({ path: `/shipments/${encodeURIComponent(id)}` });
    render(
      <Router hook={hook}>
        <ShipmentRoutes />
      </Router>,
      { wrapper },
    );
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(new Set(asked)).toEqual(new Set([id]));
  });
});
