/**
 * The return detail's sections about who and what: customer, order, lines, tracking and
 * carrier, warehouse receipt, dates and any field the console does not know yet (resolution,
 * risk, photos and events are in return-outcome-sections.tsx). Read defensively throughout.
 */
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import { REASON_LABELS, type ReturnReason } from '../../features/returns/return-filters';
import { otherReturnFields } from '../../features/returns/return-values';
import { Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';
import { DetailList } from '../order-detail/detail-list';
import { asRecords, asText, describeJson, humanize } from '../order-detail/order-values';

export interface ReturnSectionProps {
  ret: Api['ReturnRequest'];
  format: Formatters;
}

const reasonText = (reason: unknown) => {
  const r = asText(reason);
  return r ? (REASON_LABELS[r as ReturnReason] ?? humanize(r)) : null;
};

export function CustomerSection({ ret }: ReturnSectionProps) {
  const email = asText(ret.customer_email);
  return (
    <Card title="Customer">
      <DetailList
        entries={[
          { field: 'customer_name', label: 'Name', value: asText(ret.customer_name) },
          {
            field: 'customer_email',
            label: 'Email',
            value: email ? <a href={`mailto:${email}`}>{email}</a> : null,
          },
          { field: 'country', label: 'Country', value: asText(ret.country) },
          { field: 'channel', label: 'Channel', value: asText(ret.channel) },
          { field: 'source', label: 'Requested through', value: humanize(ret.source) },
          { field: 'reason', label: 'Reason', value: reasonText(ret.reason) },
          { field: 'customer_note', label: 'Customer note', value: asText(ret.customer_note) },
        ]}
      />
    </Card>
  );
}

export function OrderSection({ ret }: ReturnSectionProps) {
  const orderId = typeof ret.order === 'number' ? ret.order : null;
  const name = describeJson(ret.order_name);
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
            value: describeJson(ret.storefront_return),
          },
          {
            field: 'partner_writeback',
            label: 'Partner write-back',
            value: describeJson(ret.partner_writeback),
          },
          { field: 'tags', label: 'Tags', value: describeJson(ret.tags) },
        ]}
      />
    </Card>
  );
}

export function LinesSection({ ret, format }: ReturnSectionProps) {
  const lines = asRecords(ret.lines);
  const currency = asText(ret.currency);
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
            {lines.map((line, i) => (
              <tr
                key={asText(line.id) ?? i}
                className="border-t border-line"
                data-testid="return-line"
              >
                <td className="py-1 pr-2">{asText(line.sku) ?? '—'}</td>
                <td className="py-1 pr-2">{asText(line.name) ?? '—'}</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {typeof line.quantity === 'number' ? format.number(line.quantity) : '—'}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {format.money(asText(line.unit_price), currency)}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {format.money(asText(line.customer_stated_unit_price), currency)}
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
          {format.money(asText(ret.total_value), currency)}
        </span>
      </p>
    </Card>
  );
}

export function TrackingSection({ ret, format }: ReturnSectionProps) {
  const labelCost = asText(ret.label_cost);
  return (
    <Card title="Tracking and carrier">
      <DetailList
        entries={[
          { field: 'carrier', label: 'Carrier', value: asText(ret.carrier) },
          { field: 'shipping_method', label: 'Method', value: asText(ret.shipping_method) },
          {
            field: 'tracking_number',
            label: 'Tracking number',
            value: asText(ret.tracking_number),
          },
          {
            field: 'has_return_label',
            label: 'Return label',
            value: ret.has_return_label === true ? 'Yes' : 'No',
          },
          {
            field: 'label_cost',
            label: 'Label cost',
            value: labelCost
              ? format.money(labelCost, asText(ret.label_currency) ?? asText(ret.currency))
              : null,
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
            value: describeJson(ret.warehouse_receipt_number),
          },
          { field: 'warehouse_receipt', label: 'Receipt id', value: asText(ret.warehouse_receipt) },
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
  const when = (v: unknown) => (asText(v) ? format.dateTime(asText(v)) : null);
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

export function OtherFieldsSection({ ret }: ReturnSectionProps) {
  const fields = otherReturnFields(ret);
  if (fields.length === 0) return null;
  return (
    <Card title="Other fields">
      <DetailList
        entries={fields.map(([key, value]) => ({
          field: key,
          label: key,
          value: describeJson(value),
        }))}
      />
    </Card>
  );
}
