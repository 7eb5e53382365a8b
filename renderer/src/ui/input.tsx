/** A text input styled for the console; invalid state comes from aria-invalid. */
import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

/** What every form control shares (Input, Select): size, frame, text, the invalid border. */
export const CONTROL_CLASS =
  'h-control w-full rounded-md border border-line bg-surface text-sm text-fg aria-[invalid=true]:border-danger';

export function Input({
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    // A placeholder is greyed and italic (and an example starts "e.g."), so an empty field
    // is never taken for one already filled in.
    <input
      className={cn(CONTROL_CLASS, 'px-2.5 placeholder:text-muted placeholder:italic', className)}
      {...rest}
    />
  );
}
