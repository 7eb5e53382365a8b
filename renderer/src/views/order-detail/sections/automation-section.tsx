/**
 * Read-only label state: the overrides automation wrote, the automation run (and any hold),
 * the label purchase, the live carrier shipment and a caution. These are "any" in the spec;
 * known keys get labels, anything else is shown as it came.
 */
import { Card } from '../../../ui/card';
import { type DetailEntry, DetailList, StatusPill } from '../../../ui/detail-list';
import { humanize } from '../../../ui/format/formatters';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

function entriesOf(
  value: unknown,
  prefix: string,
  labels: Record<string, string>,
  dateKeys: readonly string[],
  dateTime: (v: string | null) => string,
): DetailEntry[] {
  const record = openJson.object(value);
  if (!record) return [];
  return Object.entries(record).map(([key, v]) => ({
    field: `${prefix}.${key}`,
    label: labels[key] ?? humanize(key) ?? key,
    value: dateKeys.includes(key)
      ? dateTime(openJson.text(v))
      : key === 'status'
        ? humanize(openJson.text(v))
        : openJson.describe(v),
  }));
}

/** One read-only block: where it lives on the order, its known keys' labels and dates, and what is said when it is empty. */
interface BlockSpec {
  title: string;
  value: unknown;
  prefix: string;
  labels: Record<string, string>;
  dates: readonly string[];
  empty: string;
}

function Block({
  title,
  entries,
  empty,
}: {
  title: string;
  entries: DetailEntry[];
  empty: string;
}) {
  return (
    <div className="mt-3 first:mt-0">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <DetailList entries={entries} />
      )}
    </div>
  );
}

export function AutomationSection({ order, format }: SectionProps) {
  const dt = format.dateTime;
  const automation = openJson.object(order.label_automation);
  const hold = openJson.object(automation?.hold);
  // The hold is a block of its own, under the automation that set it.
  const { hold: _hold, ...ran } = automation ?? {};
  const blocks: BlockSpec[] = [
    {
      title: 'Label overrides',
      value: order.shipping_overrides,
      prefix: 'shipping_overrides',
      labels: { service_code: 'Service' },
      dates: [],
      empty: 'No overrides: the order ships as its rules choose.',
    },
    {
      title: 'Automation',
      value: automation ? ran : null,
      prefix: 'label_automation',
      labels: { ran_at: 'Ran' },
      dates: ['ran_at'],
      empty: 'No rule has run for this order.',
    },
    ...(hold
      ? [
          {
            title: 'Held by a rule',
            value: hold,
            prefix: 'label_automation.hold',
            labels: { since: 'Since' },
            dates: ['since'],
            empty: '',
          },
        ]
      : []),
    {
      title: 'Label purchase',
      value: order.label_purchase,
      prefix: 'label_purchase',
      labels: { purchased_at: 'Purchased' },
      dates: ['purchased_at'],
      empty: 'No label bought through the service.',
    },
    {
      title: 'Carrier shipment',
      value: order.carrier_shipment,
      prefix: 'carrier_shipment',
      labels: { shipment_id: 'Shipment id' },
      dates: [],
      empty: 'No live label.',
    },
    {
      title: 'Address check summary',
      value: order.address_check_summary,
      prefix: 'address_check_summary',
      labels: { checked_at: 'Checked' },
      dates: ['checked_at'],
      empty: 'Never checked.',
    },
  ];
  const caution = openJson.object(order.label_caution);
  return (
    <Card
      title="Label overrides and automation"
      description="Read-only: written by the service's rules."
    >
      {caution && (
        <p className="mb-2 text-sm" data-field="label_caution">
          <StatusPill tone="warn">{humanize(openJson.text(caution.code)) ?? 'Caution'}</StatusPill>{' '}
          {openJson.text(caution.message)}
        </p>
      )}
      {blocks.map((b) => (
        <Block
          key={b.prefix}
          title={b.title}
          entries={entriesOf(b.value, b.prefix, b.labels, b.dates, dt)}
          empty={b.empty}
        />
      ))}
    </Card>
  );
}
