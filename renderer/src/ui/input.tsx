/** A text input styled for the console; invalid state comes from aria-invalid. */
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...rest }, ref) {
    return (
      <input
        ref={ref}
        className={cn(
          'h-control w-full rounded-md border border-line bg-surface px-2.5 text-sm text-fg',
          'placeholder:text-muted aria-[invalid=true]:border-danger',
          className,
        )}
        {...rest}
      />
    );
  },
);
