/**
 * A filter's choice with its label inside the same box ("Status  Open"): a filter bar of
 * these stays on one or two short lines, leaving the height to the worklist and the return.
 * A native <select> (keyboard and screen readers know it; type-ahead works).
 */
import { type ReactNode, useId } from 'react';
import { cn } from '../../ui/cn';

export function InlineSelect({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'inline-flex h-control items-center rounded-md border border-line bg-surface text-sm',
        'focus-within:ring-2 focus-within:ring-accent',
        value !== '' && value !== 'any' && 'border-accent',
        className,
      )}
    >
      <label htmlFor={id} className="shrink-0 pr-1 pl-2.5 text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-full min-w-0 flex-1 cursor-pointer rounded-md bg-transparent pr-1 text-fg outline-none"
      >
        {children}
      </select>
    </div>
  );
}
