/**
 * The billing address: off by default (most orders bill where they ship); switched on, its
 * keys as the spec lists them. Text typed stays while it is off, but is neither checked nor
 * sent.
 */
import type { Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { errorAt } from './form-errors';
import { BILLING_FIELDS } from './order-form-fields';
import type { OrderFormValues } from './order-form-schema';

export function BillingEditor({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const enabled = form.watch('has_billing_address');
  const errors = form.formState.errors;
  const rootError = errorAt(errors, 'billing_address.root');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-semibold">Billing address</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('has_billing_address')} />
        This order has a billing address
      </label>
      {rootError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {rootError}
        </p>
      )}
      {enabled && (
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {BILLING_FIELDS.map((f) => {
            const path = `billing_address.${f.name}` as Path<OrderFormValues>;
            return (
              <FormField
                key={f.name}
                label={`Billing ${f.label.toLowerCase()}`}
                error={errorAt(errors, path)}
              >
                {(control) => <Input {...control} spellCheck={false} {...form.register(path)} />}
              </FormField>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
