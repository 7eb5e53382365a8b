/**
 * Fields the API sent that a detail page does not show in its own sections (added to the API
 * later, or unknown to this console): listed as they came, so nothing the API returns is
 * hidden and nothing is lost.
 */
import { Card } from './card';
import { DetailList } from './detail-list';
import { openJson } from './format/open-json';

export function OtherFieldsCard({
  value,
  shown,
}: {
  value: object;
  /** The fields the page's sections show. */
  shown: ReadonlySet<string>;
}) {
  const fields = Object.entries(value).filter(([key]) => !shown.has(key));
  if (fields.length === 0) return null;
  return (
    <Card title="Other fields">
      <DetailList
        entries={fields.map(([key, field]) => ({
          field: key,
          label: key,
          value: openJson.describe(field),
        }))}
      />
    </Card>
  );
}
