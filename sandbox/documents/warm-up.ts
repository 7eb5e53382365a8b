/**
 * Pays the one-time costs of the document code (barcode encoder start-up, font metrics,
 * country names, JIT) before the first request does: the first labels batch of a fresh
 * process otherwise takes several times longer than the next ones. Call once at start-up;
 * it renders a throwaway label and packing slip.
 */
import type { Order, OrderShipment } from './api-types';
import { orderDocumentsPdf } from './order-documents-pdf';
import { DEFAULT_SHIP_FROM } from './order-parties';

export async function warmUpDocuments(): Promise<void> {
  const shipment: OrderShipment = {
    id: 1,
    order: 1,
    carrier: 'mock',
    service: 'Standard',
    tracking_number: '1Z0000000000000000',
    created_at: '2026-01-01T00:00:00Z',
  };
  const order: Order = {
    id: 1,
    shipments: [shipment],
    storefront_fulfillments: [],
    fulfillments: [],
    carrier_shipment: null,
    address_check_summary: null,
    checkout_method: null,
    label_purchase: null,
    label_caution: null,
    storefront_order_id: null,
    shop_id: null,
    recipient_name: 'Warm Up',
    address1: '1 Main Street',
    city: 'Rotterdam',
    postal_code: '3011 AA',
    country: 'NL',
    created_at: '2026-01-01T00:00:00Z',
    customer_locale: 'en',
    shipping_overrides: null,
    label_automation: null,
    address_check: null,
    owner: null,
    items: [{ sku: 'WARM-1', qty: 1, weight_kg: 0.1, name: 'Warm-up', price: '1.00' }],
  };
  const label = { order, shipment, shipFrom: DEFAULT_SHIP_FROM };
  // A few rounds: V8 optimises the drawing code only after it has run a while.
  for (let i = 0; i < 3; i++) {
    await orderDocumentsPdf([
      {
        order,
        kinds: ['shipping_label', 'packing_slip'],
        label: Array.from({ length: 20 }, () => label),
      },
    ]);
  }
}
