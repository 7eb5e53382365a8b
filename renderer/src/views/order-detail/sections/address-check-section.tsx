/**
 * The address check: its status, when it ran, what it said, and a suggested address when the
 * service has one. Read from its own endpoint; the copy embedded in the order is the
 * fallback while that loads or if it fails.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { Api } from '../../../../../shared/contract/values';
import { Card } from '../../../ui/card';
import { DetailList, type PillTone, StatusPill } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

const TONES: Record<string, PillTone> = {
  valid: 'ok',
  corrected: 'ok',
  needs_review: 'warn',
  invalid: 'danger',
  unchecked: 'neutral',
};

/** The copy inside the order: open-shaped in the spec, read into the check's own type. */
function embeddedCheck(value: unknown): Api['AddressCheck'] | null {
  const check = openJson.object(value);
  if (!check) return null;
  return {
    status: openJson.text(check.status) ?? undefined,
    checked_at: openJson.text(check.checked_at),
    messages: openJson.list(check.messages).flatMap((m) => openJson.text(m) ?? []),
    suggested_address: check.suggested_address,
  };
}

export function AddressCheckSection({
  order,
  format,
  check,
}: SectionProps & { check: UseQueryResult<Api['AddressCheck']> }) {
  const record = check.data ?? embeddedCheck(order.address_check);
  const status = record?.status || null;
  const messages = (record?.messages ?? []).filter((m) => m !== '');
  const suggested = openJson.object(record?.suggested_address);
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
              { label: 'Checked', value: format.dateTime(record.checked_at) },
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
                  [suggested.postal_code, suggested.city]
                    .map(openJson.text)
                    .filter(Boolean)
                    .join(' '),
                  [suggested.province_code, suggested.country]
                    .map(openJson.text)
                    .filter(Boolean)
                    .join(', '),
                ]
                  .map((line) => openJson.text(line))
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
