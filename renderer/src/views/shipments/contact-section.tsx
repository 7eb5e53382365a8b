/**
 * Ship-from and ship-to: the contact (name, phone with extension, email) and its address, plus
 * the alternate address when there is one. Read defensively: a contact missing parts still
 * shows what it has.
 */

import { Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';
import { DetailList } from '../order-detail/detail-list';
import { asRecord, asText } from '../order-detail/order-values';

export function addressLines(address: unknown): string[] {
  const a = asRecord(address);
  if (!a) return [];
  const cityLine = [asText(a.postcode), asText(a.city)].filter(Boolean).join(' ');
  return [
    asText(a.location_name),
    asText(a.line1),
    asText(a.line2),
    asText(a.line3),
    [cityLine, asText(a.province)].filter(Boolean).join(', '),
    asText(a.country_code),
  ].filter((line): line is string => line !== null && line !== '');
}

function Address({ value, label }: { value: unknown; label: string }) {
  const lines = addressLines(value);
  if (lines.length === 0) return null;
  return (
    <address aria-label={label} className="not-italic">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

export function ContactSection({
  title,
  contact,
  field,
}: {
  title: string;
  contact: unknown;
  field: string;
  format?: Formatters;
}) {
  const c = asRecord(contact);
  const residential = asRecord(c?.address)?.is_residential;
  const phone = asText(c?.phone_number);
  const ext = asText(c?.phone_number_extension);
  return (
    <Card title={title}>
      {!c ? (
        <p className="text-sm text-muted">Not given.</p>
      ) : (
        <DetailList
          entries={[
            { label: 'Name', value: asText(c.name), field: `${field}.name` },
            {
              label: 'Phone',
              value: phone ? (ext ? `${phone} ext. ${ext}` : phone) : null,
              field: `${field}.phone_number`,
            },
            { label: 'Email', value: asText(c.email), field: `${field}.email` },
            {
              label: 'Address',
              value: <Address value={c.address} label={`${title} address`} />,
              field: `${field}.address`,
            },
            {
              label: 'Residential',
              value: typeof residential === 'boolean' ? (residential ? 'Yes' : 'No') : null,
              field: `${field}.address.is_residential`,
            },
            {
              label: 'Alternate address',
              value:
                addressLines(c.alternate_address).length > 0 ? (
                  <Address value={c.alternate_address} label={`${title} alternate address`} />
                ) : null,
              field: `${field}.alternate_address`,
            },
          ]}
        />
      )}
    </Card>
  );
}
