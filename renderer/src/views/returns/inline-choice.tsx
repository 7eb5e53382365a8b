/**
 * An InlineSelect over a list of values (ChoiceOptions: "Any …" first when the filter has
 * it, then each value under its name). The returns filter bar is made of these.
 */
import { ChoiceOptions, type ChoiceOptionsProps } from '../../ui/list/filter-bar';
import { InlineSelect } from './inline-select';

export function InlineChoice<T extends string>({
  label,
  value,
  onChange,
  className = 'w-48',
  ...options
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  className?: string;
} & ChoiceOptionsProps<T>) {
  return (
    <InlineSelect label={label} className={className} value={value} onChange={onChange}>
      <ChoiceOptions {...options} />
    </InlineSelect>
  );
}
