/**
 * Fields the API sent that a detail page does not show in its own sections (added to the API
 * later, or unknown to this console): listed as they came, so nothing the API returns is
 * hidden and nothing is lost.
 */
import type { ReactNode } from 'react';
import { Card } from './card';
import { DetailList } from './detail-list';
import { openJson } from './format/open-json';

export interface OtherField {
  label: string;
  value: ReactNode;
}

/** The plain way: the key as the label, the value as readable text. */
const asText = (key: string, value: unknown): OtherField => ({
  label: key,
  value: openJson.describe(value),
});

export function OtherFieldsCard({
  value,
  shown,
  show = asText,
}: {
  value: object;
  /** The fields the page's sections show. */
  shown: ReadonlySet<string>;
  /** How one field reads, when a page has a richer way than plain text. */
  show?(key: string, value: unknown): OtherField;
}) {
  const fields = Object.entries(value).filter(([key]) => !shown.has(key));
  if (fields.length === 0) return null;
  return (
    <Card title="Other fields">
      <DetailList entries={fields.map(([key, field]) => ({ field: key, ...show(key, field) }))} />
    </Card>
  );
}
