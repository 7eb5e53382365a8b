/**
 * The address check: its status, when it ran, what it said, and a suggested address when the
 * service has one. Read from its own endpoint; the copy embedded in the order is the
 * fallback while that loads or if it fails.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { Api } from '../../../../../shared/contract/values';
import { Card } from '../../../ui/card';
import { DetailList, type PillTone, StatusPill } from '../detail-list';
import { asArray, asRecord, asText, humanize } from '../order-values';
import type { SectionProps } from './section-props';

const TONES: Record<string, PillTone> = {
  valid: 'ok',
  corrected: 'ok',
  needs_review: 'warn',
  invalid: 'danger',
  unchecked: 'neutral',
};

export function AddressCheckSection({
  order,
  format,
  check,
}: SectionProps & { check: UseQueryResult<Api['AddressCheck']> }) {
  const record = asRecord(check.data) ?? asRecord(order.address_check);
  const status = asText(record?.status);
  const messages = asArray(record?.messages)
    .map(asText)
    .filter((m): m is string => m !== null);
  const suggested = asRecord(record?.suggested_address);
  return (
    <Card title="Address check">
      {!record ? (
        <p className="text-sm text-muted">This address has never been checked.</p>
      ) : (
        <>
          <DetailList
            entries={[
              {
                field: 'address_check.status',
                label: 'Status',
                value: status ? (
                  <StatusPill tone={TONES[status] ?? 'neutral'}>{humanize(status)}</StatusPill>
                ) : null,
              },
              { label: 'Checked', value: format.dateTime(asText(record.checked_at)) },
            ]}
          />
          {messages.length > 0 && (
            <ul aria-label="What the check said" className="mt-2 list-disc pl-5 text-sm">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {suggested && (
            <>
              <h3 className="mt-3 text-sm font-semibold">
                {status === 'corrected' ? 'Corrected address' : 'Suggested address'}
              </h3>
              <address className="text-sm not-italic" data-field="address_check.suggested_address">
                {[
                  suggested.address1,
                  suggested.address2,
                  [suggested.postal_code, suggested.city].map(asText).filter(Boolean).join(' '),
                  [suggested.province_code, suggested.country]
                    .map(asText)
                    .filter(Boolean)
                    .join(', '),
                ]
                  .map((line) => asText(line))
                  .filter((line): line is string => line !== null)
                  .map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
              </address>
            </>
          )}
        </>
      )}
    </Card>
  );
}
