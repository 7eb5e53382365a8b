/**
 * The console's labelled controls: a FormField holding an Input or a Select, wired (id,
 * aria-invalid, aria-describedby) by the field. The settings cards, dialogs and forms use these
 * instead of spelling the field and its control out each time; the control's own props (a
 * react-hook-form registration, a placeholder, inputMode) pass straight through.
 */
import type { ComponentProps, ReactNode } from 'react';
import { FormField, type FormFieldProps } from './form-field';
import { Input } from './input';
import { Select } from './select';

type FieldWords = Omit<FormFieldProps, 'children'>;

export function InputField({
  label,
  hint,
  error,
  ...input
}: FieldWords & ComponentProps<typeof Input>) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}

export function SelectField({
  label,
  hint,
  error,
  ...select
}: FieldWords & ComponentProps<typeof Select>) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <Select {...control} {...select} />}
    </FormField>
  );
}

/** A select's choices from a list: each item's value and the words shown for it. */
export function Options<T>({
  items,
  value,
  label,
}: {
  items: readonly T[];
  value(item: T): string;
  label(item: T): ReactNode;
}) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
