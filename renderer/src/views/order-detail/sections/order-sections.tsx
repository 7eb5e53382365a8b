/** The order itself (number, dates, statuses) and where it came from (channel and ids). */
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

export function OrderSection({ order, format }: SectionProps) {
  return (
    <Card title="Order">
      <DetailList
        entries={[
          { field: 'order_name', label: 'Order name', value: order.order_name },
          { field: 'id', label: 'Order id', value: String(order.id) },
          { field: 'status', label: 'Status', value: humanize(order.status) },
          { field: 'order_date', label: 'Ordered', value: format.dateTime(order.order_date) },
          { field: 'created_at', label: 'Created', value: format.dateTime(order.created_at) },
          {
            field: 'fulfillment_status',
            label: 'Fulfillment status',
            value: humanize(order.fulfillment_status),
          },
          {
            field: 'delivery_status',
            label: 'Delivery status',
            value: humanize(order.delivery_status),
          },
          { field: 'delivery_method', label: 'Delivery method', value: order.delivery_method },
          {
            field: 'weight_kg',
            label: 'Weight',
            value:
              typeof order.weight_kg === 'number' ? `${format.number(order.weight_kg)} kg` : null,
          },
          { field: 'risk_level', label: 'Risk level', value: humanize(order.risk_level) },
          { field: 'fulfilled_at', label: 'Fulfilled', value: format.dateTime(order.fulfilled_at) },
          { field: 'cancelled_at', label: 'Cancelled', value: format.dateTime(order.cancelled_at) },
          { field: 'owner', label: 'Owner', value: order.owner },
        ]}
      />
    </Card>
  );
}

export function ChannelSection({ order }: SectionProps) {
  return (
    <Card title="Channel and storefront">
      <DetailList
        entries={[
          { field: 'channel', label: 'Channel', value: order.channel },
          { field: 'shop_id', label: 'Shop id', value: order.shop_id },
          {
            field: 'storefront_order_id',
            label: 'Storefront order id',
            value: order.storefront_order_id,
          },
          { field: 'external_id', label: 'External id', value: order.external_id },
          {
            field: 'checkout_method',
            label: 'Checkout',
            value: humanize(openJson.describe(order.checkout_method)),
          },
        ]}
      />
    </Card>
  );
}
