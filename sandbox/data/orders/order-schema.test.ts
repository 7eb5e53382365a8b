import { describe, expect, it } from 'vitest';
import { loadApiValidator } from '../../test/support/openapi-validator';
import { buildCatalog } from '../catalog';
import { buildOrderStore } from './index';

const now = new Date('2026-03-01T00:00:00Z');
const opts = { seed: 3, scale: 1, now };

describe('generated orders against shared/api/openapi.yaml', () => {
  it('serves every order, refresh and created order as the schema says', () => {
    const api = loadApiValidator();
    const store = buildOrderStore(opts, buildCatalog(opts));
    for (const row of store.rows) {
      api.assertResponse('orders_retrieve', 200, 'application/json', store.get(row.id));
    }
    for (const row of store.rows.filter((r) => r.stage === 'shipped').slice(0, 50)) {
      api.assertResponse(
        'orders_refresh_tracking_create',
        200,
        'application/json',
        store.refreshTracking(row.id),
      );
    }
    const created = store.create({
      recipient_name: 'R',
      address1: 'A',
      city: 'C',
      postal_code: 'P',
      country: 'SE',
    });
    api.assertResponse('orders_create', 201, 'application/json', created);
    expect(store.rows[0]?.id).toBe(created.id);
  });
});
