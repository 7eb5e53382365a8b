/** Recipient and shipping address, the billing address, and the customer. */
import { Card } from '../../../ui/card';
import { DetailCard, fieldEntries } from '../../../ui/detail-card';
import { DetailList } from '../../../ui/detail-list';
import { yesNo } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

const RECIPIENT_FIELDS = [
  ['recipient_name', 'Recipient'],
  ['company', 'Company'],
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2'],
  ['city', 'City'],
  ['postal_code', 'Postal code'],
  ['province_code', 'Province code'],
  ['province_name', 'Province'],
  ['country', 'Country'],
  ['phone', 'Shipping phone'],
] as const;

export function RecipientSection({ order }: SectionProps) {
  return (
    <DetailCard title="Recipient and address" entries={fieldEntries(order, RECIPIENT_FIELDS)} />
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
  const email = order.customer_email;
  return (
    <DetailCard
      title="Customer"
      entries={[
        ...fieldEntries(order, [['customer_name', 'Name']]),
        {
          field: 'customer_email',
          label: 'Email',
          value: email ? (
            <a className="underline" href={`mailto:${email}`}>
              {email}
            </a>
          ) : null,
        },
        ...fieldEntries(order, [
          ['order_phone', 'Order phone'],
          ['customer', 'Customer id'],
          ['customer_locale', 'Locale'],
          ['accepts_marketing', 'Accepts marketing', yesNo],
        ]),
      ]}
    />
  );
}
