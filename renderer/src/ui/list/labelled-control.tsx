/**
 * A plain label tied to its control by a generated id, the way the filter bars and the pager
 * lay out their fields. Not the form kit's FormField: a filter has no hint or error to
 * describe, so its control carries no aria-invalid or aria-describedby.
 */
import { type ReactNode, useId } from 'react';

/** A label and its control: `children` renders the control with the id it is given. */
interface LabelledProps {
  label: string;
  children(id: string): ReactNode;
}

/** The label, then the control. */
export function LabelledControl({ labelClass, ...field }: LabelledProps & { labelClass: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {field.children(id)}
    </>
  );
}

/** A filter bar's field: its label above the control. */
export function FilterField(field: LabelledProps) {
  return (
    <div className="flex flex-col gap-1">
      <LabelledControl labelClass="text-sm font-medium" {...field} />
    </div>
  );
}
