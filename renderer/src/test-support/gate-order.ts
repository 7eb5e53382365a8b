/**
 * The order the pack gate's tests start from: labelled (one purchased label), paid, and packed
 * by nobody, so the gate lets it through unless a test changes one thing about it.
 */
import type { Api } from '../../../shared/contract/values';
import { schemaSample } from './schema-variants';

type Order = Api['Order'];

/** The order's one shipment, its label bought and not voided. */
export const GATE_LABEL = {
  id: 5,
  carrier: 'carrier_a',
  service: 'standard',
  label_url: '/media/labels/1-5.pdf',
  tracking_number: '1Z999',
  status: 'label_purchased',
  meta: null,
  created_at: '2026-11-20T10:00:00Z',
  order: 1,
} as Order['shipments'][number];

/** A labelled, paid order nobody packed (order 1), with `patch` laid over it. */
export function gateOrder(patch: Partial<Order> = {}): Order {
  return {
    ...schemaSample('Order', 'required'),
    id: 1,
    status: 'ready',
    payment_status: 'paid',
    total_amount: '40.00',
    total_refunded: '0.00',
    currency: 'EUR',
    shipments: [GATE_LABEL],
    fulfillments: [],
    storefront_fulfillments: [],
    label_automation: null,
    address_check: null,
    address_check_summary: null,
    label_purchase: { status: 'purchased', purchased_at: '2026-11-20T10:00:00Z' },
    created_at: '2026-11-19T08:00:00Z',
    ...patch,
  } as Order;
}
