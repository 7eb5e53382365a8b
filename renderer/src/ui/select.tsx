/**
 * A native <select> styled like the console's Input. Native on purpose: the platform's own
 * list is keyboard- and screen-reader-friendly, works with type-ahead and needs no portal,
 * and the choices here (printers, paper) are short plain lists.
 */
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { CONTROL_CLASS } from './input';

export function Select({
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select className={cn(CONTROL_CLASS, 'px-2 disabled:opacity-60', className)} {...rest} />;
}
