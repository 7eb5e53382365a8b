/**
 * Every endpoint of the spec, each filter at least once, answered by the sandbox over HTTP and
 * validated against shared/api/openapi.yaml by a real JSON-schema validator (Ajv): bodies,
 * statuses and content types, errors included.
 */
import { describe, expect, it } from 'vitest';
import { loadApiValidator } from './support/openapi-validator';
import { type ApiResponse, type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.5 });
const validator = loadApiValidator();

function check(operationId: string, r: ApiResponse, status: number): void {
  expect(r.status, `${operationId}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(status);
  validator.assertResponse(operationId, r.status, r.contentType, r.body);
}

type Facets = { payment_status: string[]; fulfillment_status: string[]; channel: string[] };
type Order = { id: number; shipments: unknown[] };

describe('the sandbox conforms to the OpenAPI description', () => {
  it('orders: list with every filter, facets, retrieve, create, errors', async () => {
    const facets = await api.get<Facets>('/api/orders/facets/');
    check('orders_facets_retrieve', facets, 200);
    const f = facets.body;
    const queries = [
      '',
      'page=2&page_size=10',
      'page_size=500',
      'address_status=unchecked',
      'address_status=valid,needs_review',
      'attention=any',
      'attention=address,hold',
      'attention=failed',
      'attention=nonsense',
      `channel=${encodeURIComponent(f.channel.slice(0, 2).join(','))}`,
      `exclude_channel=${encodeURIComponent(f.channel[0] ?? '')}`,
      'date_after=2026-10-01',
      'date_before=2026-10-01',
      `fulfillment_status=${encodeURIComponent(f.fulfillment_status[0] ?? '')}`,
      `payment_status=${encodeURIComponent(f.payment_status.join(','))}`,
      'q=a',
      ...['open', 'labels', 'shipped', 'delivered', 'cancelled', 'bogus'].map((s) => `stage=${s}`),
    ];
    for (const q of queries) check('orders_list', await api.get(`/api/orders/?${q}`), 200);
    check('orders_list', await api.get('/api/orders/?page=9999'), 404);
    check('orders_list', await api.get('/api/orders/?date_after=tomorrow'), 400);

    const page = await api.get<Paginated<Order>>('/api/orders/?stage=shipped&page_size=3');
    const id = page.body.results[0]!.id;
    check('orders_retrieve', await api.get(`/api/orders/${id}/`), 200);
    check('orders_retrieve', await api.get('/api/orders/99999999/'), 404);
    check('orders_documents_retrieve', await api.get(`/api/orders/${id}/documents/`), 200);
    for (const kind of ['packing_slip', 'pick_list']) {
      check('orders_document_download', await api.get(`/api/orders/${id}/documents/${kind}/`), 200);
    }
    check(
      'orders_refresh_tracking_create',
      await api.post(`/api/orders/${id}/refresh-tracking/`, {}),
      200,
    );
    check(
      'address_checks_orders_retrieve',
      await api.get(`/api/address-checks/orders/${id}/`),
      200,
    );
    check(
      'orders_labels_batch_create',
      await api.post('/api/orders/labels-batch/', { order_ids: [id] }),
      200,
    );
    check(
      'orders_documents_create',
      await api.post('/api/orders/documents/', { order_ids: [id], kinds: ['packing_slip'] }),
      200,
    );
    check(
      'orders_documents_create',
      await api.post('/api/orders/documents/', { order_ids: [] }),
      400,
    );
    check('orders_export_retrieve', await api.get('/api/orders/export/?stage=open'), 200);

    const created = await api.post('/api/orders/', {
      recipient_name: 'Ada Lovelace',
      address1: '12 St James Square',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
    });
    check('orders_create', created, 201);
    check('orders_create', await api.post('/api/orders/', { city: 'x' }), 400);
    check('orders_list', await api.get('/api/orders/', { 'X-API-Key': 'wrong' }), 401);
  });

  it('shipments, labels and tracking events with every filter', async () => {
    const list = await api.get<{ shipment_id: string; carrier: string }[]>(
      '/api/shipping/v1/shipments/',
    );
    check('shipping_v1_shipments_list', list, 200);
    const first = list.body[0]!;
    check(
      'shipping_v1_shipments_retrieve',
      await api.get(`/api/shipping/v1/shipments/${first.shipment_id}/`),
      200,
    );
    check('shipping_v1_shipments_retrieve', await api.get('/api/shipping/v1/shipments/nope/'), 404);
    check(
      'shipping_v1_shipments_label_retrieve',
      await api.get(`/api/shipping/v1/shipments/${first.shipment_id}/label/`),
      200,
    );

    const events = await api.get<{ id: number; package: number; exception_code?: string }[]>(
      `/api/shipping/v1/tracking-events/?shipment=${first.shipment_id}`,
    );
    check('shipping_v1_tracking_events_list', events, 200);
    const event = events.body[0]!;
    for (const q of [
      '',
      `carrier=${first.carrier}`,
      'exception_code=DAMAGED',
      `package=${event.package}`,
      'status=DEL',
      'status=EXC&carrier=carrier_a',
    ]) {
      check(
        'shipping_v1_tracking_events_list',
        await api.get(`/api/shipping/v1/tracking-events/?${q}`),
        200,
      );
    }
    check(
      'shipping_v1_tracking_events_retrieve',
      await api.get(`/api/shipping/v1/tracking-events/${event.id}/`),
      200,
    );
    check(
      'shipping_v1_tracking_events_retrieve',
      await api.get('/api/shipping/v1/tracking-events/0/'),
      404,
    );
  });

  it('returns with every filter, export, retrieve and label', async () => {
    for (const q of [
      '',
      'status=open',
      'status=closed',
      'status=APPROVED',
      'reason=damaged',
      'carrier=carrier_a',
      'channel=Shopify',
      'country=DE',
      'q=rma',
      'page=2&page_size=5',
    ]) {
      check('returns_requests_list', await api.get(`/api/returns/requests/?${q}`), 200);
    }
    check('returns_requests_list', await api.get('/api/returns/requests/?status=LOST'), 400);
    check(
      'returns_requests_export_retrieve',
      await api.get('/api/returns/requests/export/?status=open'),
      200,
    );
    const all = await api.get<Paginated<{ id: number; has_return_label: unknown }>>(
      '/api/returns/requests/?page_size=500',
    );
    const withLabel = all.body.results.find((r) => r.has_return_label === true)!;
    const without = all.body.results.find((r) => r.has_return_label !== true)!;
    check(
      'returns_requests_retrieve',
      await api.get(`/api/returns/requests/${withLabel.id}/`),
      200,
    );
    check(
      'returns_requests_label_retrieve',
      await api.get(`/api/returns/requests/${withLabel.id}/label/`),
      200,
    );
    check(
      'returns_requests_label_retrieve',
      await api.get(`/api/returns/requests/${without.id}/label/`),
      404,
    );
  });

  it('inventory with every filter, product stock, location totals and locations', async () => {
    const locations = await api.get<{ id: number }[]>('/api/locations/');
    check('locations_list', locations, 200);
    const location = locations.body[0]!;
    check('locations_retrieve', await api.get(`/api/locations/${location.id}/`), 200);
    check('locations_retrieve', await api.get('/api/locations/99999/'), 404);
    for (const q of [
      '',
      `location=${location.id}`,
      'low_stock=true',
      'out_of_stock=true',
      'out_of_stock=false',
      'expiring_within_days=30',
      'q=a',
      'page=2&page_size=20',
    ]) {
      check('inventory_list', await api.get(`/api/inventory/?${q}`), 200);
    }
    check('inventory_list', await api.get('/api/inventory/?low_stock=maybe'), 400);
    check(
      'inventory_location_stock_retrieve',
      await api.get('/api/inventory/location-stock/'),
      200,
    );
    const page = await api.get<Paginated<{ product_id: number }>>('/api/inventory/?page_size=1');
    check(
      'inventory_retrieve',
      await api.get(`/api/inventory/${page.body.results[0]!.product_id}/`),
      200,
    );
    check('inventory_retrieve', await api.get('/api/inventory/99999999/'), 404);
  });

  it('429 answers match the documented shape', async () => {
    api.sandbox().setRateLimit({ rate: 1 });
    let r = await api.get('/api/locations/');
    for (let i = 0; i < 5 && r.status !== 429; i++) r = await api.get('/api/locations/');
    api.sandbox().setRateLimit({ rate: 0 });
    check('locations_list', r, 429);
  });
});
