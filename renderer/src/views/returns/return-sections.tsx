/**
 * The return detail's sections about who and what: customer, order, lines, the way back
 * (carrier and tracking), warehouse receipt, dates and any field the console does not know
 * yet (resolution, risk, photos and events are in return-outcome-sections.tsx). Every code is
 * a word (reasons, carriers by name, how it was requested, countries by name), every amount
 * has its currency, every date is in the person's locale, and fields whose shape the spec
 * leaves open read as labelled lists with their JSON one click away (OpenField).
 */
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import { SHOWN_RETURN_FIELDS } from '../../features/returns/return-values';
import { carrierName, reasonLabel, sourceLabel } from '../../features/returns/return-words';
import { Card } from '../../ui/card';
import { CardTable, type CardTableSpec } from '../../ui/card-table';
import { DetailList } from '../../ui/detail-list';
import { countryLabel } from '../../ui/format/countries';
import type { Formatters } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';
import { OpenField, OpenValue } from '../../ui/format/open-value';
import { codeAsWords, keyLabel } from '../../ui/format/open-value-text';
import { OtherFieldsCard } from '../../ui/other-fields-card';

export interface ReturnSectionProps {
  ret: Api['ReturnRequest'];
  format: Formatters;
}

export function CustomerSection({ ret, format }: ReturnSectionProps) {
  const email = ret.customer_email || null;
  return (
    <Card title="Customer">
      <DetailList
        entries={[
          { field: 'customer_name', label: 'Name', value: ret.customer_name || null },
          {
            field: 'customer_email',
            label: 'Email',
            value: email ? <a href={`mailto:${email}`}>{email}</a> : null,
          },
          {
            field: 'country',
            label: 'Country',
            value: countryLabel(ret.country || null, format.locale),
          },
          // As the shop names it ("eBay"), not read as a code ("Ebay").
          {
            field: 'channel',
            label: 'Channel',
            value: ret.channel ? <span>{ret.channel}</span> : null,
          },
          { field: 'source', label: 'Requested through', value: sourceLabel(ret.source) },
          { field: 'reason', label: 'Reason', value: reasonLabel(ret.reason) },
          {
            field: 'customer_note',
            label: 'Customer note',
            value: ret.customer_note || null,
          },
        ]}
      />
    </Card>
  );
}

export function OrderSection({ ret, format }: ReturnSectionProps) {
  const orderId = typeof ret.order === 'number' ? ret.order : null;
  const name = openJson.text(ret.order_name);
  const open = (field: keyof Api['ReturnRequest'], label: string) => ({
    field,
    label,
    value: (
      <OpenField label={label} value={ret[field]} format={format} currency={ret.currency || null} />
    ),
  });
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
              ) : name ? (
                name
              ) : (
                <OpenValue value={ret.order_name} format={format} />
              ),
          },
          open('storefront_return', 'Storefront return'),
          open('partner_writeback', 'Partner write-back'),
          {
            field: 'tags',
            label: 'Tags',
            // "Fraud review", not the API's "fraud_review".
            value:
              Array.isArray(ret.tags) && ret.tags.length > 0
                ? ret.tags
                    .map((t) => (typeof t === 'string' ? codeAsWords(t) : String(t)))
                    .join(', ')
                : null,
          },
        ]}
      />
    </Card>
  );
}

const CELL = 'py-1 pr-2';
const NUMBER_CELL = 'py-1 pr-2 text-right';
const LINES_TABLE: CardTableSpec = {
  label: 'Returned lines',
  columns: [
    { label: 'Product', className: CELL },
    { label: 'SKU', className: CELL },
    { label: 'Qty', className: NUMBER_CELL },
    { label: 'Reason', className: CELL },
    { label: 'Price', className: NUMBER_CELL },
    { label: 'Stated by customer', className: NUMBER_CELL },
  ],
  tableClassName: 'w-full border-collapse text-sm',
  headClassName: 'text-left text-muted',
};

export function LinesSection({ ret, format }: ReturnSectionProps) {
  // Typed lines (the bridge has checked them against the description); tolerant of a list
  // left out all the same.
  const lines = ret.lines ?? [];
  const currency = ret.currency || null;
  return (
    <Card title="Items returned" className="lg:col-span-2">
      <CardTable
        spec={LINES_TABLE}
        rows={lines}
        empty="This return has no lines."
        row={(line, i) => {
          const product = line.product ?? null;
          const name = line.name || '—';
          return (
            <tr
              key={line.id ?? i}
              className="border-t border-line align-top"
              data-testid="return-line"
            >
              <td className="py-1 pr-2">
                {product !== null ? (
                  <Link
                    href={`/inventory/${product}`}
                    className="underline"
                    aria-label={`${name}: stock`}
                    title="Open this product's stock"
                  >
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </td>
              <td className="py-1 pr-2 font-mono text-xs">{line.sku || '—'}</td>
              <td className="py-1 pr-2 text-right text-base font-semibold tabular-nums">
                {format.number(line.quantity)}
              </td>
              <td className="py-1 pr-2">
                {reasonLabel(line.reason) ?? reasonLabel(ret.reason) ?? '—'}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {format.money(line.unit_price ?? null, currency)}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {format.money(line.customer_stated_unit_price, currency)}
              </td>
            </tr>
          );
        }}
      />
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
  const labelCost = ret.label_cost || null;
  const carrier = ret.carrier || null;
  return (
    <Card title="Return shipping">
      <DetailList
        entries={[
          {
            field: 'carrier',
            label: 'Carrier',
            value: carrier ? <span title={carrier}>{carrierName(carrier)}</span> : null,
          },
          { field: 'shipping_method', label: 'Method', value: ret.shipping_method || null },
          {
            field: 'tracking_number',
            label: 'Tracking number',
            value: ret.tracking_number || null,
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
              ? format.money(labelCost, (ret.label_currency || null) ?? (ret.currency || null))
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
            value: <OpenValue value={ret.warehouse_receipt_number} format={format} />,
          },
          {
            field: 'warehouse_receipt',
            label: 'Receipt id',
            value: ret.warehouse_receipt || null,
          },
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
  const when = (v: unknown) => (openJson.text(v) ? format.dateTime(openJson.text(v)) : null);
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

export function OtherFieldsSection({ ret, format }: ReturnSectionProps) {
  return (
    <OtherFieldsCard
      value={ret}
      shown={SHOWN_RETURN_FIELDS}
      show={(key, value) => ({
        label: keyLabel(key),
        value: (
          <OpenField
            label={keyLabel(key)}
            name={key}
            value={value}
            format={format}
            currency={ret.currency || null}
          />
        ),
      })}
    />
  );
}
