/**
 * An editor for one of the form's lists (items, tax lines, note attributes): a labelled group
 * per row with its fields and a Remove button, and an Add button. Errors show on the row's
 * field, and an error about the list as a whole (from the API) above the rows.
 */
import { Plus, Trash2 } from 'lucide-react';
import { type Path, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { errorAt } from './form-errors';
import type { OrderFormValues } from './order-form-schema';

export type ListName = 'items' | 'tax_lines' | 'note_attributes';

export interface ListColumn {
  key: string;
  label: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
}

export function ListEditor({
  form,
  name,
  title,
  rowLabel,
  columns,
  empty,
}: {
  form: UseFormReturn<OrderFormValues>;
  name: ListName;
  title: string;
  rowLabel: string;
  columns: readonly ListColumn[];
  empty: Record<string, string>;
}) {
  // The three lists differ only in their row shape; the field array is typed by one of them.
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: name as 'items',
  });
  const errors = form.formState.errors;
  const listError = errorAt(errors, `${name}.root`) ?? errorAt(errors, name);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`list-${name}`}>
      <legend className="mb-1 text-base font-semibold">{title}</legend>
      {listError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {listError}
        </p>
      )}
      {fields.length === 0 && <p className="text-sm text-muted">None yet.</p>}
      {fields.map((row, index) => (
        <fieldset
          key={row.id}
          className="grid items-end gap-2 rounded-md border border-line p-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]"
        >
          <legend className="sr-only">{`${rowLabel} ${index + 1}`}</legend>
          {columns.map((c) => {
            const path = `${name}.${index}.${c.key}` as Path<OrderFormValues>;
            return (
              <FormField key={c.key} label={c.label} error={errorAt(errors, path)}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode={c.inputMode}
                    placeholder={c.placeholder}
                    spellCheck={false}
                    {...form.register(path)}
                  />
                )}
              </FormField>
            );
          })}
          <Button
            tone="ghost"
            aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
            onClick={() => remove(index)}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </fieldset>
      ))}
      <Button className="self-start" onClick={() => append(empty as never)}>
        <Plus aria-hidden className="size-4" /> Add {rowLabel.toLowerCase()}
      </Button>
    </fieldset>
  );
}
