/**
 * Realistic API objects for the document tests. Typed loosely (`as unknown as Order`) so that
 * the tests keep compiling while the generated types evolve; the documents code itself is
 * checked against the real types.
 */
import type { LabelInput, Order, ReturnRequest, ShipmentDetail } from './api-types';

export const SHIP_FROM: LabelInput['shipFrom'] = {
  name: 'Packbench Fulfilment Rotterdam',
  address1: 'Waalhaven Zuidzijde 21',
  city: 'Rotterdam',
  postal_code: '3089 JH',
  country: 'NL',
};

export function sampleOrder(overrides: Record<string, unknown> = {}): Order {
  const id = (overrides.id as number | undefined) ?? 1001;
  return {
    id,
    order_name: `#${id}`,
    order_date: '2026-11-20T09:14:00Z',
    created_at: '2026-11-20T09:15:12Z',
    status: 'ready',
    channel: 'Online Store',
    shop_id: 3,
    storefront_order_id: 5_000_000 + id,
    payment_status: 'paid',
    fulfillment_status: 'unfulfilled',
    delivery_status: null,
    customer_name: 'Maria Jansen',
    customer_email: 'maria.jansen@example.com',
    customer_locale: 'nl',
    recipient_name: 'Maria Jansen',
    company: 'Jansen Bloemen B.V.',
    address1: 'Prinsengracht 263',
    address2: '2e verdieping',
    city: 'Amsterdam',
    province_code: 'NH',
    postal_code: '1016 GV',
    country: 'NL',
    phone: '+31 20 555 0142',
    weight_kg: 1.85,
    currency: 'EUR',
    subtotal_price: '84.90',
    total_shipping: '6.95',
    total_tax: '17.83',
    discount_amount: '5.00',
    total_amount: '104.68',
    tags: ['vip', 'gift wrap'],
    items: [
      {
        sku: 'TS-BLK-M',
        qty: 2,
        weight_kg: 0.25,
        name: 'Organic cotton T-shirt, black, M',
        price: '19.95',
        vendor: 'Northwind',
      },
      {
        sku: 'MUG-001',
        qty: 1,
        weight_kg: 0.4,
        name: 'Stoneware mug',
        price: '15.00',
        vendor: 'Fabrikam',
      },
      { sku: 'BAG-TOTE', qty: 1, weight_kg: 0.3, name: 'Canvas tote bag', price: '30.00' },
    ],
    shipments: [
      {
        id: id * 10 + 1,
        order: id,
        carrier: 'carrier_a',
        service: 'Parcel Standard',
        tracking_number: `1Z999AA1${String(id).padStart(10, '0')}`,
        label_url: `http://127.0.0.1/media/labels/${id}-${id * 10 + 1}.pdf`,
        status: 'label_created',
        created_at: '2026-11-20T11:02:00Z',
      },
    ],
    storefront_fulfillments: [],
    fulfillments: [],
    carrier_shipment: null,
    address_check_summary: null,
    checkout_method: null,
    label_purchase: null,
    label_caution: null,
    shipping_overrides: {},
    label_automation: null,
    address_check: null,
    owner: 1,
    ...overrides,
  } as unknown as Order;
}

/** An order with many lines, to make documents run over several pages. */
export function bigOrder(lineCount: number, overrides: Record<string, unknown> = {}): Order {
  const items = Array.from({ length: lineCount }, (_, i) => ({
    sku: `SKU-${String(lineCount - i).padStart(5, '0')}`,
    qty: (i % 3) + 1,
    weight_kg: 0.1 + (i % 5) / 10,
    name: `Item number ${i + 1} with a fairly long descriptive product name`,
    price: `${(i % 40) + 1}.99`,
  }));
  return sampleOrder({ items, ...overrides });
}

export function labelInputsOf(order: Order): LabelInput[] {
  return order.shipments.map((shipment) => ({ order, shipment, shipFrom: SHIP_FROM }));
}

export function sampleShipment(overrides: Record<string, unknown> = {}): ShipmentDetail {
  return {
    shipment_id: 'SHP-2026-000417',
    carrier: 'carrier_b',
    service_code: 'EXPRESS_12',
    tracking_number: 'CB123456789NL',
    status: 'waiting_for_dropoff',
    created_at: '2026-11-21T08:30:00Z',
    manifest_id: 'MAN-88',
    ship_from: {
      id: 1,
      name: 'Packbench Fulfilment',
      phone_number: '+31 10 555 0100',
      email: 'dock@packbench.example',
      address: {
        id: 11,
        location_name: 'Rotterdam DC',
        line1: 'Waalhaven Zuidzijde 21',
        city: 'Rotterdam',
        postcode: '3089 JH',
        country_code: 'NL',
      },
      alternate_address: null,
    },
    ship_to: {
      id: 2,
      name: 'Łukasz Żółć',
      phone_number: '+48 22 555 0199',
      email: 'lukasz@example.pl',
      address: {
        id: 12,
        location_name: 'Biuro ^Główne~',
        line1: 'ul. Marszałkowska 140',
        line2: 'lok. 12',
        city: 'Warszawa',
        province: 'Mazowieckie',
        postcode: '00-061',
        country_code: 'PL',
      },
      alternate_address: null,
    },
    packages: [
      {
        id: 71,
        length_cm: '30.00',
        width_cm: '20.00',
        height_cm: '15.00',
        weight_kg: '2.350',
        quantity: 1,
        status: 'not_received',
        passport_id: null,
        label_format: 'PDF',
      },
      {
        id: 72,
        length_cm: '20.00',
        width_cm: '20.00',
        height_cm: '10.00',
        weight_kg: '0.800',
        quantity: 1,
        status: 'not_received',
        passport_id: null,
        label_format: 'PDF',
      },
    ],
    ...overrides,
  } as unknown as ShipmentDetail;
}

export function sampleReturn(overrides: Record<string, unknown> = {}): ReturnRequest {
  return {
    id: 501,
    rma_number: 'RMA-2026-000501',
    order: 1001,
    order_name: '#1001',
    customer_name: 'Øre Sørensen',
    customer_email: 'ore@example.dk',
    country: 'DK',
    channel: 'Online Store',
    status: 'APPROVED',
    source: 'PORTAL',
    reason: 'too_small',
    customer_note: 'Runs small, need a "large", please.\nThanks!',
    resolution: 'EXCHANGE',
    requested_resolution: 'REFUND',
    refund_amount: null,
    credit_amount: '12.50',
    fee_amount: '0.00',
    currency: 'DKK',
    carrier: 'carrier_c',
    shipping_method: 'Return Drop-off',
    tracking_number: 'CC0099887766DK',
    label_cost: '4.95',
    label_currency: 'EUR',
    requested_at: '2026-11-18T10:00:00Z',
    approved_at: '2026-11-18T12:00:00Z',
    received_at: null,
    completed_at: null,
    closed_at: null,
    decision_note: '',
    warehouse_receipt: null,
    total_value: '39.90',
    exchange_reference: '',
    risk_score: 12,
    lines: [
      {
        id: 1,
        sku: 'TS-BLK-M',
        name: 'Organic cotton T-shirt',
        quantity: 2,
        unit_price: '19.95',
        reason: 'too_small',
        customer_stated_unit_price: null,
        passport_count: 0,
      },
    ],
    created_at: '2026-11-18T10:00:00Z',
    updated_at: '2026-11-18T12:00:00Z',
    ...overrides,
  } as unknown as ReturnRequest;
}
