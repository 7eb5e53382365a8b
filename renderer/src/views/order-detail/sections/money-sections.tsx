/**
 * Money in the order's own currency (taxes, discounts, duties, refunds, what is outstanding)
 * with the tax lines, and the payment. Amounts are the API's decimal strings, formatted
 * without passing through a float.
 */
import { Card } from '../../../ui/card';
import { DetailCard, fieldEntries } from '../../../ui/detail-card';
import { DetailList } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

/** 0.0625 → "6.25 %"; a rate the API sends in another form is shown as given. */
function ratePercent(rate: unknown, locale: string): string | null {
  const n = typeof rate === 'number' ? rate : typeof rate === 'string' ? Number(rate) : Number.NaN;
  if (!Number.isFinite(n)) return openJson.text(rate);
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(n);
}

export function MoneySection({ order, format }: SectionProps) {
  const money = (amount: string | null | undefined) => format.money(amount, order.currency);
  const taxLines = openJson.objects(order.tax_lines);
  return (
    <Card title="Money" description={order.currency ? `In ${order.currency}` : 'No currency given'}>
      <DetailList
        entries={fieldEntries(order, [
          ['subtotal_price', 'Subtotal', money],
          ['discount_amount', 'Discount', money],
          ['discount_code', 'Discount code'],
          ['total_shipping', 'Shipping', money],
          ['total_tax', 'Tax', money],
          ['total_duties', 'Duties', money],
          ['total_amount', 'Total', money],
          ['total_refunded', 'Refunded', money],
          ['total_outstanding', 'Outstanding', money],
        ])}
      />
      <h3 className="mt-3 text-sm font-semibold">Tax lines</h3>
      {taxLines.length === 0 ? (
        <p className="text-sm text-muted">No tax lines.</p>
      ) : (
        <ul aria-label="Tax lines" className="mt-1 flex flex-col gap-1 text-sm">
          {taxLines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the API's list has no ids
            <li key={i} data-field={`tax_lines.${i}`} className="flex justify-between gap-2">
              <span>
                {openJson.text(line.title) ?? 'Tax'} ({ratePercent(line.rate, format.locale) ?? '—'}
                )
              </span>
              <span>{money(openJson.text(line.price))}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function PaymentSection({ order, format }: SectionProps) {
  return (
    <DetailCard
      title="Payment"
      entries={fieldEntries(order, [
        ['payment_status', 'Status', humanize],
        ['payment_method', 'Method'],
        ['payment_reference', 'Reference'],
        ['payment_id', 'Payment id'],
        ['paid_at', 'Paid', format.dateTime],
        ['payment_terms_name', 'Terms'],
        ['next_payment_due_at', 'Next payment due', format.dateTime],
      ])}
    />
  );
}
