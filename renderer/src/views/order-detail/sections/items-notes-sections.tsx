/** The items (a table, with any extra keys the API adds), and tags and notes. */
import { Card } from '../../../ui/card';
import { type CardColumn, CardTable, columnsOf } from '../../../ui/card-table';
import { DetailList } from '../../../ui/detail-list';
import { openJson } from '../../../ui/format/open-json';
import type { SectionProps } from './section-props';

const ITEM_COLUMNS = ['sku', 'name', 'qty', 'price', 'weight_kg', 'vendor', 'gtin', 'product_id'];
const NUMBER = 'text-right';
const ITEM_HEADERS: CardColumn[] = [
  { label: 'SKU' },
  { label: 'Name' },
  { label: 'Qty', className: NUMBER },
  { label: 'Price', className: NUMBER },
  { label: 'Weight', className: NUMBER },
  ...columnsOf('Vendor', 'GTIN', 'Product'),
];

export function ItemsSection({ order, format }: SectionProps) {
  const items = openJson.objects(order.items);
  const extra = [...new Set(items.flatMap((i) => Object.keys(i)))].filter(
    (k) => !ITEM_COLUMNS.includes(k),
  );
  const extraColumns = extra.map((k) => ({ label: k, key: `extra.${k}` }));
  return (
    <Card title={`Items (${items.length})`} className="lg:col-span-2">
      <CardTable
        spec={{ label: 'Items', columns: [...ITEM_HEADERS, ...extraColumns], scroll: true }}
        rows={items}
        empty="No items on this order."
        row={(item, i) => (
          // The API's items have no ids: their place in the list is their key.
          <tr key={i} data-field={`items.${i}`} className="border-t border-line">
            <td className="font-mono">{openJson.text(item.sku) ?? '—'}</td>
            <td>{openJson.text(item.name) ?? '—'}</td>
            <td className="text-right">{openJson.text(item.qty) ?? '—'}</td>
            <td className="text-right">
              {format.money(openJson.text(item.price), order.currency)}
            </td>
            <td className="text-right">
              {openJson.number(item.weight_kg) === null
                ? '—'
                : `${format.number(openJson.number(item.weight_kg))} kg`}
            </td>
            <td>{openJson.text(item.vendor) ?? '—'}</td>
            <td className="font-mono">{openJson.text(item.gtin) ?? '—'}</td>
            <td>{openJson.text(item.product_id) ?? '—'}</td>
            {extra.map((k) => (
              <td key={k}>{openJson.describe(item[k]) ?? '—'}</td>
            ))}
          </tr>
        )}
      />
    </Card>
  );
}

export function NotesSection({ order }: SectionProps) {
  const tags = openJson.list(order.tags).flatMap((t) => openJson.text(t) ?? []);
  const attributes = openJson.objects(order.note_attributes);
  return (
    <Card title="Tags and notes">
      <DetailList
        entries={[
          {
            field: 'tags',
            label: 'Tags',
            value:
              tags.length > 0 ? (
                <ul aria-label="Tags" className="flex flex-wrap gap-1">
                  {tags.map((t) => (
                    <li key={t} className="rounded bg-raised px-1.5 text-xs">
                      {t}
                    </li>
                  ))}
                </ul>
              ) : null,
          },
          {
            field: 'note',
            label: 'Note',
            value: order.note ? <span className="whitespace-pre-wrap">{order.note}</span> : null,
          },
          ...attributes.map((a, i) => ({
            field: `note_attributes.${i}`,
            label: openJson.text(a.name) ?? `Attribute ${i + 1}`,
            value: openJson.describe(a.value),
          })),
        ]}
      />
    </Card>
  );
}
