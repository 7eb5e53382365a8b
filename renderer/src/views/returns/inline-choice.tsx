/**
 * An InlineSelect over a list of values: "Any …" first (no filter) when the filter has one,
 * then each value under its name. The returns filter bar is made of these.
 */
import { InlineSelect } from './inline-select';

export function InlineChoice<T extends string>({
  label,
  value,
  choices,
  choiceLabel,
  anyLabel,
  onChange,
  className = 'w-48',
}: {
  label: string;
  value: string;
  choices: readonly T[];
  choiceLabel(choice: T): string | null;
  /** The first option, meaning no filter ("Any status"); none when a value stands for it. */
  anyLabel?: string;
  onChange(value: string): void;
  className?: string;
}) {
  return (
    <InlineSelect label={label} className={className} value={value} onChange={onChange}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {choices.map((c) => (
        <option key={c} value={c}>
          {choiceLabel(c)}
        </option>
      ))}
    </InlineSelect>
  );
}
