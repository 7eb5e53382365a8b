/**
 * The create form's fields, in the same groups as the order detail: recipient and address,
 * the order, customer, items, money and tax lines, payment, billing address, tags and notes.
 */
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { BillingEditor } from './billing-editor';
import { errorAt } from './form-errors';
import { ListEditor } from './list-editor';
import { type FormSection, SCALAR_FIELDS, STATUSES } from './order-form-fields';
import { emptyItem, type OrderFormValues } from './order-form-schema';
import { ScalarInput } from './scalar-input';

const selectClass =
  'h-control w-full rounded-md border border-line bg-surface px-2 text-sm aria-[invalid=true]:border-danger';

function Fields({ form, section }: { form: UseFormReturn<OrderFormValues>; section: FormSection }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {SCALAR_FIELDS.filter((f) => f.section === section).map((f) => (
        <ScalarInput key={f.name} field={f} form={form} />
      ))}
    </div>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-pad">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function OrderFormBody({ form }: { form: UseFormReturn<OrderFormValues> }) {
  const errors = form.formState.errors;
  return (
    <>
      <Group title="Recipient and address">
        <Fields form={form} section="recipient" />
      </Group>
      <Group title="Order">
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <FormField label="Status" error={errorAt(errors, 'status')}>
            {(control) => (
              <select {...control} className={selectClass} {...form.register('status')}>
                <option value="">Not set</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s.charAt(0).toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <Fields form={form} section="order" />
      </Group>
      <Group title="Customer">
        <Fields form={form} section="customer" />
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <FormField label="Accepts marketing" error={errorAt(errors, 'accepts_marketing')}>
            {(control) => (
              <select {...control} className={selectClass} {...form.register('accepts_marketing')}>
                <option value="">Not known</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            )}
          </FormField>
        </div>
      </Group>
      <Group title="Items">
        <ListEditor
          form={form}
          name="items"
          title="Items of the order"
          rowLabel="Item"
          empty={emptyItem}
          columns={[
            { key: 'sku', label: 'SKU' },
            { key: 'name', label: 'Name' },
            { key: 'qty', label: 'Quantity', inputMode: 'numeric' },
            { key: 'price', label: 'Unit price', inputMode: 'decimal', placeholder: '0.00' },
            { key: 'weight_kg', label: 'Weight (kg)', inputMode: 'decimal', placeholder: '0.000' },
            { key: 'vendor', label: 'Vendor' },
          ]}
        />
      </Group>
      <Group title="Money">
        <Fields form={form} section="money" />
        <ListEditor
          form={form}
          name="tax_lines"
          title="Tax lines"
          rowLabel="Tax line"
          empty={{ title: '', rate: '', price: '' }}
          columns={[
            { key: 'title', label: 'Title' },
            { key: 'rate', label: 'Rate (0 to 1)', inputMode: 'decimal', placeholder: '0.2' },
            { key: 'price', label: 'Amount', inputMode: 'decimal', placeholder: '0.00' },
          ]}
        />
      </Group>
      <Group title="Payment">
        <Fields form={form} section="payment" />
      </Group>
      <Group title="Billing">
        <BillingEditor form={form} />
      </Group>
      <Group title="Tags and notes">
        <FormField
          label="Tags"
          hint="Separated by commas, e.g. vip, gift."
          error={errorAt(errors, 'tags')}
        >
          {(control) => <Input {...control} spellCheck={false} {...form.register('tags')} />}
        </FormField>
        <Fields form={form} section="notes" />
        <ListEditor
          form={form}
          name="note_attributes"
          title="Note attributes"
          rowLabel="Attribute"
          empty={{ name: '', value: '' }}
          columns={[
            { key: 'name', label: 'Name' },
            { key: 'value', label: 'Value' },
          ]}
        />
      </Group>
    </>
  );
}
