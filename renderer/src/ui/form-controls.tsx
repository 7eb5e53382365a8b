/**
 * The console's labelled controls: a FormField holding an Input or a Select, wired (id,
 * aria-invalid, aria-describedby) by the field. The settings cards, dialogs and forms use these
 * instead of spelling the field and its control out each time; the control's own props (a
 * react-hook-form registration, a placeholder, inputMode) pass straight through, and
 * `registered` hands a react-hook-form field's registration and error over in one spread.
 */
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField, type FormFieldProps } from './form-field';
import { Input } from './input';
import { Select } from './select';

type FieldWords = Omit<FormFieldProps, 'children'>;

/** A control in its labelled field: the field's wiring first, then the control's own props. */
function labelled<P extends object>(Control: ComponentType<P>) {
  return function Field({ label, hint, error, ...control }: FieldWords & P) {
    return (
      <FormField label={label} hint={hint} error={error}>
        {(wiring) => <Control {...wiring} {...(control as P)} />}
      </FormField>
    );
  };
}

export const InputField = labelled<ComponentProps<typeof Input>>(Input);
export const SelectField = labelled<ComponentProps<typeof Select>>(Select);

/**
 * A react-hook-form field's registration and its error, for a field above:
 * `<InputField label="Host" {...registered(form, 'host')} />`.
 */
export function registered<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  return {
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  };
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

/** A select's choices from words by value (a label map), in the map's order. */
export function WordOptions({ words }: { words: Readonly<Record<string, ReactNode>> }) {
  return <Options items={Object.keys(words)} value={(v) => v} label={(v) => words[v]} />;
}
