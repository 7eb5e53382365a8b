import { describe, it } from 'vitest';
import { loadApiValidator } from '../../test/support/openapi-validator';
import { buildCatalog } from '../catalog';
import { buildOrderStore } from '../orders';
import { buildShipping } from './index';

const now = new Date('2026-03-01T00:00:00Z');
const opts = { seed: 3, scale: 1, now };

describe('the shipping area against shared/api/openapi.yaml', () => {
  it('serves every shipment and tracking event as the schema says', () => {
    const api = loadApiValidator();
    const { shipments, trackingEvents } = buildShipping(
      opts,
      buildOrderStore(opts, buildCatalog(opts)),
    );
    const json = 'application/json';
    api.assertResponse(
      'shipping_v1_shipments_list',
      200,
      json,
      shipments.rows.map((r) => shipments.list(r)),
    );
    for (const r of shipments.rows) {
      api.assertResponse('shipping_v1_shipments_retrieve', 200, json, shipments.get(r.shipment_id));
    }
    const events = trackingEvents.rows.map((r) => trackingEvents.get(r.id));
    api.assertResponse('shipping_v1_tracking_events_list', 200, json, events);
  });
});
