/** The order itself (number, dates, statuses) and where it came from (channel and ids). */
import { DetailCard, fieldEntries } from '../../../ui/detail-card';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

export function OrderSection({ order, format }: SectionProps) {
  const kg = (v: number | null | undefined) =>
    typeof v === 'number' ? `${format.number(v)} kg` : null;
  return (
    <DetailCard
      title="Order"
      entries={fieldEntries(order, [
        ['order_name', 'Order name'],
        ['id', 'Order id', String],
        ['status', 'Status', humanize],
        ['order_date', 'Ordered', format.dateTime],
        ['created_at', 'Created', format.dateTime],
        ['fulfillment_status', 'Fulfillment status', humanize],
        ['delivery_status', 'Delivery status', humanize],
        ['delivery_method', 'Delivery method'],
        ['weight_kg', 'Weight', kg],
        ['risk_level', 'Risk level', humanize],
        ['fulfilled_at', 'Fulfilled', format.dateTime],
        ['cancelled_at', 'Cancelled', format.dateTime],
        ['owner', 'Owner'],
      ])}
    />
  );
}

/** checkout_method is "any": its description, a code in words. */
const describedInWords = (v: unknown) => humanize(openJson.describe(v));

export function ChannelSection({ order }: SectionProps) {
  return (
    <DetailCard
      title="Channel and storefront"
      entries={fieldEntries(order, [
        ['channel', 'Channel'],
        ['shop_id', 'Shop id'],
        ['storefront_order_id', 'Storefront order id'],
        ['external_id', 'External id'],
        ['checkout_method', 'Checkout', describedInWords],
      ])}
    />
  );
}
