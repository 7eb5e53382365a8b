/**
 * A native <select> styled like the console's Input. Native on purpose: the platform's own
 * list is keyboard- and screen-reader-friendly, works with type-ahead and needs no portal,
 * and the choices here (printers, paper) are short plain lists.
 */
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, ...rest }, ref) {
    return (
      <select
        ref={ref}
        className={cn(
          'h-control w-full rounded-md border border-line bg-surface px-2 text-sm text-fg',
          'aria-[invalid=true]:border-danger disabled:opacity-60',
          className,
        )}
        {...rest}
      />
    );
  },
);
