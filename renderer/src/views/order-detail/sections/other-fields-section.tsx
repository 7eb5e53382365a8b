/** Fields the API sent that this console does not know yet: shown as they came, never lost. */
import { Card } from '../../../ui/card';
import { DetailList } from '../detail-list';
import { describeJson, otherFields } from '../order-values';
import type { SectionProps } from './section-props';

export function OtherFieldsSection({ order }: SectionProps) {
  const fields = otherFields(order);
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
