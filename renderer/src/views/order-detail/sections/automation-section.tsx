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
      <Block
        title="Label overrides"
        entries={entriesOf(
          order.shipping_overrides,
          'shipping_overrides',
          { service_code: 'Service' },
          [],
          dt,
        )}
        empty="No overrides: the order ships as its rules choose."
      />
      <Block
        title="Automation"
        entries={entriesOf(
          automation ? { ...automation, hold: undefined } : null,
          'label_automation',
          { ran_at: 'Ran' },
          ['ran_at'],
          dt,
        ).filter((e) => e.field !== 'label_automation.hold')}
        empty="No rule has run for this order."
      />
      {hold && (
        <Block
          title="Held by a rule"
          entries={entriesOf(hold, 'label_automation.hold', { since: 'Since' }, ['since'], dt)}
          empty=""
        />
      )}
      <Block
        title="Label purchase"
        entries={entriesOf(
          order.label_purchase,
          'label_purchase',
          { purchased_at: 'Purchased' },
          ['purchased_at'],
          dt,
        )}
        empty="No label bought through the service."
      />
      <Block
        title="Carrier shipment"
        entries={entriesOf(
          order.carrier_shipment,
          'carrier_shipment',
          { shipment_id: 'Shipment id' },
          [],
          dt,
        )}
        empty="No live label."
      />
      <Block
        title="Address check summary"
        entries={entriesOf(
          order.address_check_summary,
          'address_check_summary',
          { checked_at: 'Checked' },
          ['checked_at'],
          dt,
        )}
        empty="Never checked."
      />
    </Card>
  );
}
