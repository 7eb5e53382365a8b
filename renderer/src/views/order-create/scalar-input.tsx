/** One scalar field of the create form: the right input for its kind, label, hint and error. */
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { errorAt } from './form-errors';
import type { ScalarField } from './order-form-fields';
import type { OrderFormValues } from './order-form-schema';

const INPUT_PROPS: Partial<Record<ScalarField['kind'], Record<string, string>>> = {
  decimal: { inputMode: 'decimal', placeholder: '0.00' },
  weight: { inputMode: 'decimal', placeholder: '0.000' },
  integer: { inputMode: 'numeric' },
  email: { type: 'email', autoComplete: 'off' },
  phone: { type: 'tel', autoComplete: 'off' },
  datetime: { type: 'datetime-local' },
  country: { autoCapitalize: 'characters', placeholder: 'US', className: 'w-20 uppercase' },
  currency: { autoCapitalize: 'characters', placeholder: 'USD', className: 'w-24 uppercase' },
};

export function ScalarInput({
  field,
  form,
}: {
  field: ScalarField;
  form: UseFormReturn<OrderFormValues>;
}) {
  const name = field.name as keyof OrderFormValues & string;
  const error = errorAt(form.formState.errors, name);
  const label = field.required ? `${field.label} (required)` : field.label;
  const hint =
    field.hint ??
    (field.max !== undefined && field.max > 3 ? `Up to ${field.max} characters.` : undefined);
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) =>
        field.kind === 'multiline' ? (
          <textarea
            {...control}
            {...form.register(name)}
            rows={3}
            className="w-full rounded-md border border-line bg-surface p-2 text-sm aria-[invalid=true]:border-danger"
          />
        ) : (
          <Input
            {...control}
            aria-required={field.required || undefined}
            spellCheck={false}
            {...INPUT_PROPS[field.kind]}
            {...form.register(name)}
          />
        )
      }
    </FormField>
  );
}
