/**
 * Money in the order's own currency (taxes, discounts, duties, refunds, what is outstanding)
 * with the tax lines, and the payment. Amounts are the API's decimal strings, formatted
 * without passing through a float.
 */
import { Card } from '../../../ui/card';
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
        entries={[
          { field: 'subtotal_price', label: 'Subtotal', value: money(order.subtotal_price) },
          {
            field: 'discount_amount',
            label: 'Discount',
            value: money(order.discount_amount),
          },
          { field: 'discount_code', label: 'Discount code', value: order.discount_code },
          { field: 'total_shipping', label: 'Shipping', value: money(order.total_shipping) },
          { field: 'total_tax', label: 'Tax', value: money(order.total_tax) },
          { field: 'total_duties', label: 'Duties', value: money(order.total_duties) },
          { field: 'total_amount', label: 'Total', value: money(order.total_amount) },
          { field: 'total_refunded', label: 'Refunded', value: money(order.total_refunded) },
          {
            field: 'total_outstanding',
            label: 'Outstanding',
            value: money(order.total_outstanding),
          },
        ]}
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
    <Card title="Payment">
      <DetailList
        entries={[
          { field: 'payment_status', label: 'Status', value: humanize(order.payment_status) },
          { field: 'payment_method', label: 'Method', value: order.payment_method },
          { field: 'payment_reference', label: 'Reference', value: order.payment_reference },
          { field: 'payment_id', label: 'Payment id', value: order.payment_id },
          { field: 'paid_at', label: 'Paid', value: format.dateTime(order.paid_at) },
          { field: 'payment_terms_name', label: 'Terms', value: order.payment_terms_name },
          {
            field: 'next_payment_due_at',
            label: 'Next payment due',
            value: format.dateTime(order.next_payment_due_at),
          },
        ]}
      />
    </Card>
  );
}
