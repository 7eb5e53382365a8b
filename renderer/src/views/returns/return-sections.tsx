/**
 * The return detail's sections about who and what: customer, order, lines, tracking and
 * carrier, warehouse receipt and dates (resolution, risk, photos and events are in
 * return-outcome-sections.tsx; fields the console does not know yet in "Other fields").
 */
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import { withKeys } from '../../features/inventory/unique-keys';
import { REASON_LABELS, type ReturnReason } from '../../features/returns/return-filters';
import { Card } from '../../ui/card';
import { DetailList } from '../../ui/detail-list';
import { type Formatters, humanize } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';

export interface ReturnSectionProps {
  ret: Api['ReturnRequest'];
  format: Formatters;
}

const reasonText = (reason: ReturnReason | '' | undefined) =>
  reason ? (REASON_LABELS[reason] ?? humanize(reason)) : null;

export function CustomerSection({ ret }: ReturnSectionProps) {
  const email = ret.customer_email;
  return (
    <Card title="Customer">
      <DetailList
        entries={[
          { field: 'customer_name', label: 'Name', value: ret.customer_name },
          {
            field: 'customer_email',
            label: 'Email',
            value: email ? <a href={`mailto:${email}`}>{email}</a> : null,
          },
          { field: 'country', label: 'Country', value: ret.country },
          { field: 'channel', label: 'Channel', value: ret.channel },
          { field: 'source', label: 'Requested through', value: humanize(ret.source) },
          { field: 'reason', label: 'Reason', value: reasonText(ret.reason) },
          { field: 'customer_note', label: 'Customer note', value: ret.customer_note },
        ]}
      />
    </Card>
  );
}

export function OrderSection({ ret }: ReturnSectionProps) {
  const orderId = ret.order ?? null;
  const name = openJson.describe(ret.order_name);
  return (
    <Card title="Order">
      <DetailList
        entries={[
          {
            field: 'order',
            label: 'Order',
            value:
              orderId !== null ? (
                <Link href={`/orders/${orderId}`} className="underline">
                  {name ?? `#${orderId}`}
                </Link>
              ) : (
                name
              ),
          },
          {
            field: 'storefront_return',
            label: 'Storefront return',
            value: openJson.describe(ret.storefront_return),
          },
          {
            field: 'partner_writeback',
            label: 'Partner write-back',
            value: openJson.describe(ret.partner_writeback),
          },
          { field: 'tags', label: 'Tags', value: openJson.describe(ret.tags) },
        ]}
      />
    </Card>
  );
}

export function LinesSection({ ret, format }: ReturnSectionProps) {
  const { lines, currency } = ret;
  return (
    <Card title="Lines" className="lg:col-span-2">
      {lines.length === 0 ? (
        <p className="text-sm text-muted">This return has no lines.</p>
      ) : (
        <table aria-label="Returned lines" className="w-full border-collapse text-sm">
          <thead className="text-left text-muted">
            <tr>
              <th scope="col" className="py-1 pr-2">
                SKU
              </th>
              <th scope="col" className="py-1 pr-2">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Quantity
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Unit price
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Customer stated
              </th>
              <th scope="col" className="py-1 pr-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {withKeys(lines, (line) => line.id).map(({ item: line, key }) => (
              <tr key={key} className="border-t border-line" data-testid="return-line">
                <td className="py-1 pr-2">{line.sku || '—'}</td>
                <td className="py-1 pr-2">{line.name || '—'}</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {format.number(line.quantity)}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {format.money(line.unit_price, currency)}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {format.money(line.customer_stated_unit_price, currency)}
                </td>
                <td className="py-1 pr-2">{reasonText(line.reason) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-2 text-sm">
        Total value:{' '}
        <span className="font-medium" data-field="total_value">
          {format.money(ret.total_value, currency)}
        </span>
      </p>
    </Card>
  );
}

export function TrackingSection({ ret, format }: ReturnSectionProps) {
  const labelCost = ret.label_cost;
  return (
    <Card title="Tracking and carrier">
      <DetailList
        entries={[
          { field: 'carrier', label: 'Carrier', value: ret.carrier },
          { field: 'shipping_method', label: 'Method', value: ret.shipping_method },
          {
            field: 'tracking_number',
            label: 'Tracking number',
            value: ret.tracking_number,
          },
          {
            field: 'has_return_label',
            label: 'Return label',
            // Open-shaped in the spec; only a plain true means there is one.
            value: ret.has_return_label === true ? 'Yes' : 'No',
          },
          {
            field: 'label_cost',
            label: 'Label cost',
            value: labelCost ? format.money(labelCost, ret.label_currency || ret.currency) : null,
          },
        ]}
      />
    </Card>
  );
}

export function ReceiptSection({ ret, format }: ReturnSectionProps) {
  return (
    <Card title="Warehouse receipt">
      <DetailList
        entries={[
          {
            field: 'warehouse_receipt_number',
            label: 'Receipt',
            value: openJson.describe(ret.warehouse_receipt_number),
          },
          { field: 'warehouse_receipt', label: 'Receipt id', value: ret.warehouse_receipt },
          {
            field: 'received_at',
            label: 'Received',
            value: ret.received_at ? format.dateTime(ret.received_at) : null,
          },
        ]}
      />
    </Card>
  );
}

export function DatesSection({ ret, format }: ReturnSectionProps) {
  const when = (v: string | null) => (v ? format.dateTime(v) : null);
  return (
    <Card title="Dates">
      <DetailList
        entries={[
          { field: 'requested_at', label: 'Requested', value: when(ret.requested_at) },
          { field: 'approved_at', label: 'Approved', value: when(ret.approved_at) },
          { field: 'completed_at', label: 'Completed', value: when(ret.completed_at) },
          { field: 'closed_at', label: 'Closed', value: when(ret.closed_at) },
          { field: 'updated_at', label: 'Last changed', value: when(ret.updated_at) },
        ]}
      />
    </Card>
  );
}
