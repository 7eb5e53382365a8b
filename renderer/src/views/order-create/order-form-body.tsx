/**
 * The create form's fields, in the same groups as the order detail: recipient and address,
 * the order, customer, items, money and tax lines, payment, billing address, tags and notes.
 */
import type { UseFormReturn } from 'react-hook-form';
import { InputField, Options, registered, SelectField } from '../../ui/form-controls';
import { BillingEditor } from './billing-editor';
import { ListEditor } from './list-editor';
import { type FormSection, SCALAR_FIELDS, STATUSES } from './order-form-fields';
import type { OrderFormValues } from './order-form-schema';
import { ITEMS_LIST, NOTE_ATTRIBUTES_LIST, TAX_LINES_LIST } from './order-lists';
import { ScalarInput } from './scalar-input';

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
  return (
    <>
      <Group title="Recipient and address">
        <Fields form={form} section="recipient" />
      </Group>
      <Group title="Order">
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label="Status" {...registered(form, 'status')}>
            <option value="">Not set</option>
            <Options
              items={STATUSES}
              value={(s) => s}
              label={(s) => s.charAt(0).toUpperCase() + s.slice(1)}
            />
          </SelectField>
        </div>
        <Fields form={form} section="order" />
      </Group>
      <Group title="Customer">
        <Fields form={form} section="customer" />
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label="Accepts marketing" {...registered(form, 'accepts_marketing')}>
            <option value="">Not known</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </SelectField>
        </div>
      </Group>
      <Group title="Items">
        <ListEditor form={form} {...ITEMS_LIST} />
      </Group>
      <Group title="Money">
        <Fields form={form} section="money" />
        <ListEditor form={form} {...TAX_LINES_LIST} />
      </Group>
      <Group title="Payment">
        <Fields form={form} section="payment" />
      </Group>
      <Group title="Billing">
        <BillingEditor form={form} />
      </Group>
      <Group title="Tags and notes">
        <InputField
          label="Tags"
          hint="Separated by commas, e.g. vip, gift."
          spellCheck={false}
          {...registered(form, 'tags')}
        />
        <Fields form={form} section="notes" />
        <ListEditor form={form} {...NOTE_ATTRIBUTES_LIST} />
      </Group>
    </>
  );
}
