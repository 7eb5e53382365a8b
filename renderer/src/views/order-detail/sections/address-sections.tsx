/** Recipient and shipping address, the billing address, and the customer. */
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { yesNo } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

export function RecipientSection({ order }: SectionProps) {
  return (
    <Card title="Recipient and address">
      <DetailList
        entries={[
          { field: 'recipient_name', label: 'Recipient', value: order.recipient_name },
          { field: 'company', label: 'Company', value: order.company },
          { field: 'address1', label: 'Address line 1', value: order.address1 },
          { field: 'address2', label: 'Address line 2', value: order.address2 },
          { field: 'city', label: 'City', value: order.city },
          { field: 'postal_code', label: 'Postal code', value: order.postal_code },
          { field: 'province_code', label: 'Province code', value: order.province_code },
          { field: 'province_name', label: 'Province', value: order.province_name },
          { field: 'country', label: 'Country', value: order.country },
          { field: 'phone', label: 'Shipping phone', value: order.phone },
        ]}
      />
    </Card>
  );
}

const BILLING_LABELS: [string, string][] = [
  ['name', 'Name'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['company', 'Company'],
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2'],
  ['city', 'City'],
  ['zip', 'Postal code'],
  ['province', 'Province'],
  ['province_code', 'Province code'],
  ['country', 'Country'],
  ['country_code', 'Country code'],
  ['phone', 'Phone'],
];

export function BillingSection({ order }: SectionProps) {
  const billing = openJson.object(order.billing_address);
  // Keys the spec does not list are shown too: the object is "any" and may grow.
  const extra = billing
    ? Object.keys(billing).filter((k) => !BILLING_LABELS.some(([key]) => key === k))
    : [];
  return (
    <Card title="Billing address">
      {billing ? (
        <DetailList
          entries={[...BILLING_LABELS, ...extra.map((k): [string, string] => [k, k])].map(
            ([key, label]) => ({
              field: `billing_address.${key}`,
              label,
              value: openJson.describe(billing[key]),
            }),
          )}
        />
      ) : (
        <p className="text-sm text-muted" data-field="billing_address">
          No billing address on this order.
        </p>
      )}
    </Card>
  );
}

export function CustomerSection({ order }: SectionProps) {
  return (
    <Card title="Customer">
      <DetailList
        entries={[
          { field: 'customer_name', label: 'Name', value: order.customer_name },
          {
            field: 'customer_email',
            label: 'Email',
            value: order.customer_email ? (
              <a className="underline" href={`mailto:${order.customer_email}`}>
                {order.customer_email}
              </a>
            ) : null,
          },
          { field: 'order_phone', label: 'Order phone', value: order.order_phone },
          { field: 'customer', label: 'Customer id', value: order.customer },
          { field: 'customer_locale', label: 'Locale', value: order.customer_locale },
          {
            field: 'accepts_marketing',
            label: 'Accepts marketing',
            value: yesNo(order.accepts_marketing),
          },
        ]}
      />
    </Card>
  );
}
