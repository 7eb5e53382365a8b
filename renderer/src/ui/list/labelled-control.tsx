/**
 * A plain label tied to its control by a generated id, the way the filter bars and the pager
 * lay out their fields. Not the form kit's FormField: a filter has no hint or error to
 * describe, so its control carries no aria-invalid or aria-describedby.
 */
import { type ReactNode, useId } from 'react';

/** The label, then the control (`children` gets the id to put on it). */
export function LabelledControl({
  label,
  labelClass,
  children,
}: {
  label: string;
  labelClass: string;
  children(id: string): ReactNode;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
    </>
  );
}

/** A filter bar's field: its label above the control. */
export function FilterField({
  label,
  children,
}: {
  label: string;
  children(id: string): ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <LabelledControl label={label} labelClass="text-sm font-medium">
        {children}
      </LabelledControl>
    </div>
  );
}
