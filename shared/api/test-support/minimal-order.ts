/** The smallest Order the description accepts: every always-present field, nothing else. */
export function minimalOrder(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    shipments: [],
    storefront_fulfillments: [],
    fulfillments: [],
    carrier_shipment: null,
    address_check_summary: null,
    checkout_method: null,
    label_purchase: null,
    label_caution: null,
    storefront_order_id: null,
    shop_id: null,
    recipient_name: 'Ada Lovelace',
    address1: '1 Main St',
    city: 'London',
    postal_code: 'N1 9GU',
    country: 'GB',
    created_at: '2024-05-01T10:00:00Z',
    customer_locale: 'en',
    shipping_overrides: {},
    label_automation: null,
    address_check: null,
    owner: null,
    ...extra,
  };
}
