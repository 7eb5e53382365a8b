/**
 * Ship-from and ship-to: the contact (name, phone with extension, email) and its address, plus
 * the alternate address when there is one; a contact missing its optional parts shows what it
 * has.
 */

import type { Api } from '../../../../shared/contract/values';
import { Card } from '../../ui/card';
import { DetailList } from '../../ui/detail-list';
import { yesNo } from '../../ui/format/formatters';

export function addressLines(a: Api['Address'] | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.postcode, a.city].filter(Boolean).join(' ');
  return [
    a.location_name,
    a.line1,
    a.line2,
    a.line3,
    [cityLine, a.province].filter(Boolean).join(', '),
    a.country_code,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
}

function Address({ value, label }: { value: Api['Address'] | null; label: string }) {
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
  contact: c,
  field,
}: {
  title: string;
  contact: Api['ShipmentContact'];
  field: string;
}) {
  const phone = c.phone_number;
  const ext = c.phone_number_extension;
  return (
    <Card title={title}>
      <DetailList
        entries={[
          { label: 'Name', value: c.name, field: `${field}.name` },
          {
            label: 'Phone',
            value: phone ? (ext ? `${phone} ext. ${ext}` : phone) : null,
            field: `${field}.phone_number`,
          },
          { label: 'Email', value: c.email, field: `${field}.email` },
          {
            label: 'Address',
            value: <Address value={c.address} label={`${title} address`} />,
            field: `${field}.address`,
          },
          {
            label: 'Residential',
            value: yesNo(c.address.is_residential),
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
    </Card>
  );
}
